//go:build !race

package playground

const raceBuild = false
