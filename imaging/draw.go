package imaging

import (
	"fmt"
	"image"
)

// Draw renders view with gameID's renderer without encoding it, for
// callers that process the pixels further (a replay scales them). Hand
// the picture to Recycle once done with it.
func (im *Images) Draw(gameID string, view any, m Meta) (image.Image, error) {
	r, ok := im.renderers[gameID]
	if !ok {
		return nil, fmt.Errorf("imaging: no renderer for game %q", gameID)
	}
	img, err := r.Render(view, m)
	if err != nil {
		return nil, fmt.Errorf("imaging: render %s board: %w", gameID, err)
	}
	return img, nil
}

// Recycle hands a picture from Draw back to the kit for the next one.
func (im *Images) Recycle(img image.Image) { im.kit.Recycle(img) }
