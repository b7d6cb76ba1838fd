package dungeondesigner

import (
	"fmt"
	"sort"
)

// Check verifies the invariants random play relies on (games.Checker):
// every room and tile is in exactly one place, gold stays within 0..30,
// no tile covers a printed element, and rooms only fill rows of past or
// current years.
func (s *State) Check() error {
	rooms := append(append([]int(nil), s.Deck...), s.Discard...)
	tiles := append([]int(nil), s.TileDiscard...)
	for _, sh := range shapes {
		tiles = append(tiles, s.Supply[sh]...)
	}
	for _, slot := range s.Stalls {
		tiles = append(append(tiles, slot.Upper...), slot.Lower...)
	}
	if s.Placing != nil {
		tiles = append(tiles, s.Placing.Tiles...)
	}
	if s.Jael != nil {
		rooms = append(rooms, s.Jael.Pile...)
		tiles = append(tiles, s.Jael.Tiles...)
	}
	for i, st := range s.Seats {
		if st.Gold < 0 || st.Gold > maxGold {
			return fmt.Errorf("seat %d: gold %d outside 0..%d", i, st.Gold, maxGold)
		}
		rooms = append(rooms, st.Hand...)
		for r := range 4 {
			for c := range 4 {
				cell := st.Dungeon.Grid[r][c]
				if cell.Room != 0 {
					rooms = append(rooms, cell.Room)
					if r >= s.Year {
						return fmt.Errorf("seat %d: room in row %d in year %d", i, r+1, s.Year)
					}
				}
				for q, id := range cell.Tiles {
					if id == 0 {
						continue
					}
					tiles = append(tiles, id)
					if cell.Room == 0 || s.c.Room(cell.Room).Spots[q] != "" {
						return fmt.Errorf("seat %d: tile %d on no room or over a printed element", i, id)
					}
				}
			}
		}
		for _, p := range st.Dungeon.Passages {
			tiles = append(tiles, p.Tile)
		}
	}
	if err := checkAllOnce("rooms", rooms, len(s.c.Rooms)-1); err != nil {
		return err
	}
	return checkAllOnce("tiles", tiles, len(s.c.Tiles)-1)
}

func checkAllOnce(what string, ids []int, n int) error {
	sort.Ints(ids)
	if len(ids) != n {
		return fmt.Errorf("%s: %d in play, want %d", what, len(ids), n)
	}
	for i, v := range ids {
		if v != i+1 {
			return fmt.Errorf("%s: id %d missing or duplicated", what, i+1)
		}
	}
	return nil
}
