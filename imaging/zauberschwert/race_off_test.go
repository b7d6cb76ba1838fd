//go:build !race

package zauberschwert

const raceBuild = false
