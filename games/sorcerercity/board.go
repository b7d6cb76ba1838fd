package sorcerercity

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
)

// RewardCard is one influence reward card.
type RewardCard struct {
	ID       string `json:"id"`
	NotYear1 bool   `json:"notYear1,omitempty"` // drawn for year 1, it is replaced
	Year5    bool   `json:"year5,omitempty"`    // always the year-5 card
}

// Board is the Influence Rewards board, its reward cards and the Mystery
// Player cards.
type Board struct {
	YearPrestige [Years + 1]int   `json:"yearPrestige"`
	Mystery      [Years + 1][]int `json:"mystery"`
	Rewards      []RewardCard     `json:"rewards"`
}

// rewardCards are the reward ids this package implements; a board file
// naming another is refused.
var rewardCards = map[string]bool{
	"kill-two": true, "two-free-up-to-7": true, "free-any": true, "cheaper-and-buy": true,
	"half-price": true, "rainbow": true, "four-discards": true, "give-monster": true,
	"prestige-per-monster": true, "vendor-for-all": true, "others-destroy": true,
	"give-tile": true, "two-early": true, "kill-other": true, "year-5": true,
}

// The rulebook's counts.
const (
	rewardCount  = 15
	mysteryCards = 3
)

func loadBoard(fsys fs.FS) (Board, error) {
	var b Board
	raw, err := fs.ReadFile(fsys, "board.json")
	if err != nil {
		return b, err
	}
	if err := json.Unmarshal(raw, &b); err != nil {
		return b, fmt.Errorf("board.json: %w", err)
	}
	var errs []error
	if len(b.Rewards) != rewardCount {
		errs = append(errs, fmt.Errorf("%d reward cards, the game has %d", len(b.Rewards), rewardCount))
	}
	year5, seen := 0, map[string]bool{}
	for _, r := range b.Rewards {
		if !rewardCards[r.ID] || seen[r.ID] {
			errs = append(errs, fmt.Errorf("reward %q unknown or twice", r.ID))
		}
		seen[r.ID] = true
		if r.Year5 {
			year5++
		}
	}
	if year5 != 1 {
		errs = append(errs, fmt.Errorf("%d year-5 reward cards, want 1", year5))
	}
	for y := 1; y <= Years; y++ {
		if len(b.Mystery[y]) != mysteryCards {
			errs = append(errs, fmt.Errorf("year %d: %d Mystery Player cards, want %d", y, len(b.Mystery[y]), mysteryCards))
		}
		if b.YearPrestige[y] < 1 {
			errs = append(errs, fmt.Errorf("year %d: no Prestige on the board", y))
		}
	}
	return b, errors.Join(errs...)
}
