package sorcerercity

import (
	"image"

	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of a seat's private picture.
const (
	privTileY  = topBarH + 20
	privTileSz = 200
	privCell   = 150
	privInfoH  = 210
	privAreaW  = boardW - 2*margin - 2*gap
)

// districtH is the height a seat's own district takes, its cells as large
// as the width allows (up to privCell), free spots included.
func districtH(d sc.District, spots []sc.Pos) float64 {
	return gridHeight(d, spots, privAreaW, privCell)
}

// private draws a seat's own picture: the tile it must place (unless
// face down), its district large with the free spots named by their
// coordinates, as its options name them, its tracks, and the market.
func (r *Renderer) private(v *sc.PrivateView, m imaging.Meta) image.Image {
	placing := v.Drawn != "" || len(v.Spots) > 0
	headH := 0.0
	if placing {
		headH = privTileSz + 40 + gap
	}
	height := int(privTileY + headH + privInfoH + districtH(v.Seats[v.Seat].District, v.Spots) + 2*gap + marketH + gap)
	s := r.boardScene(boardW, height, m)
	defer s.c.Close()
	s.topBar(&v.View)
	c := s.c
	head := kit.R(margin, privTileY, boardW-2*margin, headH-gap)
	if !placing {
		head.H = -gap // the district panel starts right under the top bar
	}
	if placing {
		s.placing(v, head)
	}
	sv := v.Seats[v.Seat]
	panel := kit.R(margin, head.Bottom()+gap, boardW-2*margin, privInfoH+districtH(sv.District, v.Spots)+gap)
	c.Panel(panel)
	s.seatInfo(&v.View, v.Seat, sv, kit.R(panel.X+gap, panel.Y+gap, infoW-gap, privInfoH-gap))
	area := kit.R(panel.X+gap, panel.Y+privInfoH, panel.W-2*gap, panel.H-privInfoH-gap)
	s.district(sv.District, area, v.Spots, privCell)
	s.market(&v.View, kit.R(margin, panel.Bottom()+gap, boardW-2*margin, marketH))
	return c.Image()
}

// placing shows the tile to place and says what the numbers mean.
func (s *scene) placing(v *sc.PrivateView, head kit.Rect) {
	c := s.c
	c.Panel(head)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 32)
	c.Text(s.w.T("scimg.yourtile"), head.X+gap, head.Y+30, 0)
	tileBox := kit.R(head.X+gap, head.Y+52, privTileSz-40, privTileSz-40)
	switch {
	case v.Drawn != "":
		s.tile(tileBox, sc.Placed{Tile: v.Drawn}, 0)
		c.Ink(kit.InkSoft)
		if what := s.tileWords(v.Drawn); what != "" {
			c.WrapBox(what, kit.Regular, 30, 22, kit.R(tileBox.Right()+gap, tileBox.Y, head.W-tileBox.W-3*gap-infoW, tileBox.H), 0)
		}
	case len(v.Spots) > 0:
		s.tile(tileBox, sc.Placed{}, 0)
		c.Ink(kit.InkSoft)
		c.Font(kit.Regular, 28)
		c.Text(s.w.T("scimg.facedown"), tileBox.Right()+gap, tileBox.CY(), 0)
	}
	if len(v.Spots) > 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("scimg.spots"), kit.Regular, 26, 18, head.Right()-gap, head.Y+30, infoW, 1)
	}
}

// tileWords names what a tile carries besides its colours and goals (the
// picture shows those): its monster, artifact or spell.
func (s *scene) tileWords(id string) string {
	t := s.cs.Tile(id)
	switch {
	case t.Beast != "":
		return s.w.Text(gameText("sc.monster." + t.Beast))
	case t.Kind == sc.ArtifactTile && t.Spell != "":
		return s.w.Text(gameText("sc.artifact."+t.ID)) + ": " + s.w.Text(gameText("sc.spell."+t.Spell))
	case t.Kind == sc.ArtifactTile:
		return s.w.Text(gameText("sc.artifact." + t.ID))
	case t.Spell != "":
		return s.w.Text(gameText("sc.spell." + t.Spell))
	}
	return ""
}
