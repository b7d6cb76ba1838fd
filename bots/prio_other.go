//go:build !linux

package bots

// lowerPriority does nothing where threads have no priority of their own.
func lowerPriority() {}
