package bots

import "syscall"

// lowerPriority gives the calling thread the lowest CPU priority (nice
// 19); on Linux a thread's nice value is its own. A refusal leaves it as
// it was: thinking then merely competes as equals.
func lowerPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
