package kit

import (
	"image"
	"image/color"
	"math"
)

// cornerSteps is the number of slices used to integrate a pixel's coverage;
// the error stays well below one 8-bit step.
const cornerSteps = 16

// quarterDiscCoverage returns, for a quarter disc of integer radius rad, the
// share of each pixel (index dy*rad+dx, counted outward from the centre)
// that lies inside the disc, in 0..0xffff. The rasterizer would compute the
// same areas, only at far higher cost per corner.
func quarterDiscCoverage(rad int) []uint32 {
	r := float64(rad)
	out := make([]uint32, rad*rad)
	for dx := 0; dx < rad; dx++ {
		// Height of the arc at the middle of each slice of this column.
		var heights [cornerSteps]float64
		for k := range heights {
			x := float64(dx) + (float64(k)+0.5)/cornerSteps
			heights[k] = math.Sqrt(math.Max(0, r*r-x*x))
		}
		for dy := 0; dy < rad; dy++ {
			area := 0.0
			for _, h := range heights {
				area += math.Min(math.Max(h-float64(dy), 0), 1)
			}
			out[dy*rad+dx] = uint32(math.Round(area / cornerSteps * 0xffff))
		}
	}
	return out
}

// maxCornerRadii bounds the kit's corner cache; boards use a few dozen radii.
const maxCornerRadii = 128

// cornerCoverage is quarterDiscCoverage(rad), computed once per kit: every
// board repeats the same handful of radii. The slices are read-only.
func (k *Kit) cornerCoverage(rad int) []uint32 {
	return k.corners.get(rad, func() []uint32 { return quarterDiscCoverage(rad) })
}

// fillCorners paints the four quarter discs of radius rad whose centres sit
// rad pixels inside the corners of the whole-pixel box x0,y0–x1,y1, blending
// col over the canvas like the path rasterizer does.
func (c *Canvas) fillCorners(x0, y0, x1, y1, rad int, col color.Color) {
	cov := c.kit.cornerCoverage(rad)
	sr, sg, sb, sa := col.RGBA()
	m := c.rgba
	clip := m.Bounds()
	// Each corner: the pixel column/row of the disc centre and the
	// direction that leads away from it.
	corners := [4][4]int{
		{x0 + rad - 1, y0 + rad - 1, -1, -1},
		{x1 - rad, y0 + rad - 1, 1, -1},
		{x1 - rad, y1 - rad, 1, 1},
		{x0 + rad - 1, y1 - rad, -1, 1},
	}
	for _, k := range corners {
		for dy := 0; dy < rad; dy++ {
			py := k[1] + k[3]*dy
			for dx := 0; dx < rad; dx++ {
				a := cov[dy*rad+dx]
				px := k[0] + k[2]*dx
				if a == 0 || !(image.Point{px, py}.In(clip)) {
					continue
				}
				i := m.PixOffset(px, py)
				p := m.Pix[i : i+4 : i+4]
				inv := 0xffff - sa*a/0xffff
				p[0] = uint8((uint32(p[0])*0x101*inv + sr*a) / 0xffff >> 8)
				p[1] = uint8((uint32(p[1])*0x101*inv + sg*a) / 0xffff >> 8)
				p[2] = uint8((uint32(p[2])*0x101*inv + sb*a) / 0xffff >> 8)
				p[3] = uint8((uint32(p[3])*0x101*inv + sa*a) / 0xffff >> 8)
			}
		}
	}
}
