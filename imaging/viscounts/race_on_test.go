//go:build race

package viscounts

// raceBuild is true under -race, where drawing is ~15x slower; the tests
// then draw fewer moments (the renderer runs the same code).
const raceBuild = true
