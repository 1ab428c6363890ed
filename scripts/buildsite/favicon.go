package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
)

// faviconICO draws the site's icon (the same shapes as
// components/favicon.svg: a blue card, two lines of text, a check) at
// 32×32 and wraps it as /favicon.ico, for the browsers and tools that ask
// for that address whatever the page links.
func faviconICO() ([]byte, error) {
	const size, samples = 32, 4
	blue := [3]float64{0x24, 0x57, 0xc5}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for y := range size {
		for x := range size {
			var r, g, b, a float64
			for sy := range samples {
				for sx := range samples {
					px := float64(x) + (float64(sx)+0.5)/samples
					py := float64(y) + (float64(sy)+0.5)/samples
					if !inRoundRect(px, py, 2, 5, 28, 22, 4) {
						continue
					}
					c, alpha := blue, 1.0
					switch {
					case onCheck(px, py):
						c = [3]float64{255, 255, 255}
					case inRoundRect(px, py, 6, 10, 9, 2.5, 1.25) || inRoundRect(px, py, 6, 15, 6, 2.5, 1.25):
						for i := range c {
							c[i] = 0.75*255 + 0.25*c[i]
						}
					}
					r, g, b, a = r+c[0]*alpha, g+c[1]*alpha, b+c[2]*alpha, a+alpha
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(255 * a / (samples * samples))})
		}
	}
	var pngData bytes.Buffer
	if err := png.Encode(&pngData, img); err != nil {
		return nil, err
	}
	// ICONDIR, one ICONDIRENTRY, then the PNG (allowed in .ico since Vista).
	var out bytes.Buffer
	le := binary.LittleEndian
	out.Write(le.AppendUint16(nil, 0))
	out.Write(le.AppendUint16(nil, 1)) // type: icon
	out.Write(le.AppendUint16(nil, 1)) // one image
	out.Write([]byte{size, size, 0, 0})
	out.Write(le.AppendUint16(nil, 1))  // colour planes
	out.Write(le.AppendUint16(nil, 32)) // bits per pixel
	out.Write(le.AppendUint32(nil, uint32(pngData.Len())))
	out.Write(le.AppendUint32(nil, 6+16)) // offset of the image
	out.Write(pngData.Bytes())
	return out.Bytes(), nil
}

func inRoundRect(px, py, x, y, w, h, r float64) bool {
	if px < x || py < y || px > x+w || py > y+h {
		return false
	}
	cx := math.Max(x+r, math.Min(px, x+w-r))
	cy := math.Max(y+r, math.Min(py, y+h-r))
	return math.Hypot(px-cx, py-cy) <= r
}

// onCheck is the check mark: the polyline (15.5,17.5) (19,21) (26,13),
// 3 wide with round ends.
func onCheck(px, py float64) bool {
	pts := [][2]float64{{15.5, 17.5}, {19, 21}, {26, 13}}
	for i := 0; i+1 < len(pts); i++ {
		if segmentDistance(px, py, pts[i], pts[i+1]) <= 1.5 {
			return true
		}
	}
	return false
}

func segmentDistance(px, py float64, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := ((px-a[0])*dx + (py-a[1])*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(px-(a[0]+t*dx), py-(a[1]+t*dy))
}
