//go:build !race

package search_test

// raceBuild is true under -race; see race_on_test.go.
const raceBuild = false
