//go:build !race

package commands_test

// raceBuild is true under -race, where the whole-game tests play fewer games.
const raceBuild = false
