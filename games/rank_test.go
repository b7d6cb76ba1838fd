package games

import (
	"reflect"
	"testing"
)

func TestRankByValues(t *testing.T) {
	got := RankByValues([]int{50, 120, 120, 7}, 10)
	want := []Standing{{Seat: 1, Rank: 1, Score: 12}, {Seat: 2, Rank: 1, Score: 12}, {Seat: 0, Rank: 3, Score: 5}, {Seat: 3, Rank: 4, Score: 0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
