//go:build race

package search_test

// raceBuild is true under -race, where playouts are ~10x slower; the
// tests then search with smaller budgets and fewer positions (the search
// runs the same code).
const raceBuild = true
