// Package imaging turns game views into PNG images for Discord: the board of
// each game (through a Renderer registered per game id) and the generic
// lobby and results cards. Every image is drawn from views, never from raw
// state, with the shared look of package kit.
package imaging

import (
	"fmt"
	"image"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Meta is what a renderer needs besides the view: the reader's language,
// the catalog for the game's texts, display names by seat, and who looks.
type Meta struct {
	Lang    string
	Catalog games.Catalog
	// Players are display names by seat.
	Players []string
	// Viewer is games.Public or the seat whose private view is drawn.
	Viewer int
	// Missing, when set, hears every key found in no catalog (it is drawn
	// humanized): tests use it to find words without a translation.
	Missing func(key string) `json:"-"`
	// Texts, when set, records every text drawn with its size: tests use
	// it to prove a picture reads on a phone (see Legibility).
	Texts *kit.TextLog `json:"-"`
}

// Name is the display name of seat, or a neutral "Seat N" if unknown.
func (m Meta) Name(seat int) string {
	if seat >= 0 && seat < len(m.Players) && m.Players[seat] != "" {
		return m.Players[seat]
	}
	return NewWords(m, Catalog()).T("img.seat", "n", seat+1)
}

// LabelSeats readies a renderer's new canvas for m: its seat markers show
// the players' initials (from m.Players) instead of A, B, C, and the texts
// it draws are reported to m.Texts.
func LabelSeats(c *kit.Canvas, m Meta) *kit.Canvas {
	c.SeatLabels(kit.Initials(m.Players))
	c.RecordTexts(m.Texts)
	return c
}

// Renderer draws one game's views. view is whatever the game's State.View
// returned (public or private); a renderer rejects types it does not know.
// The image must be newly drawn and not kept: Images.Board hands its pixels
// back to the kit (Kit.Recycle) once it is encoded.
type Renderer interface {
	Render(view any, m Meta) (image.Image, error)
}

// SeatDetailer is a Renderer whose public board draws some seats' parts
// too small to read on a phone (a thumbnail, a crowded district): it draws
// one seat's part at full size, from the public view alone, for anyone who
// asks (/game look). It rejects any other view, so no seat's secret can
// reach the picture.
type SeatDetailer interface {
	SeatDetail(public any, seat int, m Meta) (image.Image, error)
}

// PublicView is view as the public view type Pub, given by value or by
// pointer; any other type (a seat's private view too) is an error.
func PublicView[Pub any](view any) (*Pub, error) {
	switch v := view.(type) {
	case Pub:
		return &v, nil
	case *Pub:
		if v != nil {
			return v, nil
		}
	}
	return nil, fmt.Errorf("imaging: a seat's detail is drawn from the public view, not from %T", view)
}

// Images is the entry point for the command surface: it owns the kit and
// the renderers by game id. Register renderers at start-up, then share the
// value freely; it is safe for concurrent use after that.
type Images struct {
	kit       *kit.Kit
	renderers map[string]Renderer
}

// New returns an Images with no game renderers yet.
func New(k *kit.Kit) *Images {
	return &Images{kit: k, renderers: map[string]Renderer{}}
}

// Register adds the renderer for gameID. It is meant for start-up only.
func (im *Images) Register(gameID string, r Renderer) error {
	if _, dup := im.renderers[gameID]; dup {
		return fmt.Errorf("imaging: renderer for %q registered twice", gameID)
	}
	im.renderers[gameID] = r
	return nil
}

// Kit is the shared drawing kit, for renderers built after New.
func (im *Images) Kit() *kit.Kit { return im.kit }

// HasBoard reports whether gameID has a board renderer.
func (im *Images) HasBoard(gameID string) bool {
	_, ok := im.renderers[gameID]
	return ok
}

// HasSeatDetail reports whether gameID's renderer draws seat details
// (SeatDetailer).
func (im *Images) HasSeatDetail(gameID string) bool {
	_, ok := im.renderers[gameID].(SeatDetailer)
	return ok
}

// SeatDetail draws seat's part of public (the public view) at full size
// with gameID's renderer and encodes it as PNG.
func (im *Images) SeatDetail(gameID string, public any, seat int, m Meta) ([]byte, error) {
	d, ok := im.renderers[gameID].(SeatDetailer)
	if !ok {
		return nil, fmt.Errorf("imaging: %q draws no seat details", gameID)
	}
	img, err := d.SeatDetail(public, seat, m)
	if err != nil {
		return nil, err
	}
	return im.encode(img)
}

// Board draws view with gameID's renderer and encodes it as PNG.
func (im *Images) Board(gameID string, view any, m Meta) ([]byte, error) {
	img, err := im.Draw(gameID, view, m)
	if err != nil {
		return nil, err
	}
	return im.encode(img)
}

// encode encodes a picture this package drew and hands its pixels back to
// the kit for the next one.
func (im *Images) encode(img image.Image) ([]byte, error) {
	data, err := im.kit.EncodePNG(img)
	im.kit.Recycle(img)
	return data, err
}

// DrawView dispatches a game's view to the drawing function for its type:
// the public board or a seat's private view, given by value or by pointer.
// Every game renderer shares it, so they agree on what they accept.
func DrawView[Pub, Priv any](view any, m Meta, public func(*Pub, Meta) image.Image, private func(*Priv, Meta) image.Image) (image.Image, error) {
	switch v := view.(type) {
	case Pub:
		return public(&v, m), nil
	case *Pub:
		if v != nil {
			return public(v, m), nil
		}
	case Priv:
		return private(&v, m), nil
	case *Priv:
		if v != nil {
			return private(v, m), nil
		}
	}
	return nil, fmt.Errorf("imaging: cannot draw a view of type %T", view)
}
