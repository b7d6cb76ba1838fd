//go:build race

package lineup

// raceBuild is true under -race, where random games run fewer.
const raceBuild = true
