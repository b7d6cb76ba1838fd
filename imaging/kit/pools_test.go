package kit

import "testing"

func TestFreeListKeepsAtMostMaxAndTakesWhatFits(t *testing.T) {
	l := freeList[int]{max: 3}
	for _, v := range []int{5, 20, 7, 99} {
		l.give(v)
	}
	if len(l.idle) != 3 {
		t.Fatalf("keeps %d, want 3", len(l.idle))
	}
	if v, ok := l.take(func(v int) bool { return v > 10 }); !ok || v != 20 {
		t.Errorf("take(>10) = %d, %v; want 20, true", v, ok)
	}
	if _, ok := l.take(func(v int) bool { return v > 10 }); ok {
		t.Error("took a value that does not fit")
	}
	if v, ok := l.take(nil); !ok || v != 7 {
		t.Errorf("take(nil) = %d, %v; want the last given (7), true", v, ok)
	}
	var none *freeList[int]
	none.give(1)
	if _, ok := none.take(nil); ok {
		t.Error("a nil list gave something back")
	}
}

func TestMemoComputesOnceAndStaysBounded(t *testing.T) {
	m := memo[int, int]{max: 4}
	calls := 0
	square := func(k int) func() int { return func() int { calls++; return k * k } }
	for range 3 {
		if got := m.get(3, square(3)); got != 9 {
			t.Fatalf("get(3) = %d", got)
		}
	}
	if calls != 1 {
		t.Errorf("computed %d times, want once", calls)
	}
	for k := range 50 {
		m.get(k, square(k))
		if len(m.m) > 4 {
			t.Fatalf("holds %d values, more than 4", len(m.m))
		}
	}
}

// TestGiveLargerKeepsTheLargest: a full list takes a larger thing in place
// of its smallest, and drops a thing no larger than any it keeps.
func TestGiveLargerKeepsTheLargest(t *testing.T) {
	l := freeList[int]{max: 3}
	less := func(a, b int) bool { return a < b }
	for _, v := range []int{712, 882, 1286, 1718, 500, 1602} {
		l.giveLarger(v, less)
	}
	got := map[int]bool{}
	for _, v := range l.idle {
		got[v] = true
	}
	if len(l.idle) != 3 || !got[1286] || !got[1718] || !got[1602] {
		t.Errorf("keeps %v, want the three largest (1286, 1602, 1718)", l.idle)
	}
	var none *freeList[int]
	none.giveLarger(1, less) // a nil list keeps nothing and does not panic
}
