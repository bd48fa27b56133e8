package audit

import "strings"

// ShapeFinds returns the ranges that the shape named name finds in text
// on its own, at every place one of its anchors stands, so that a test
// can tell which shape redacts what.
func ShapeFinds(name, text string) [][2]int {
	t := []byte(text)
	low := strings.ToLower(text)
	var out [][2]int
	for i := range shapes {
		sh := &shapes[i]
		if sh.name != name {
			continue
		}
		for _, a := range sh.anchors {
			la := strings.ToLower(a)
			for at := 0; ; {
				k := strings.Index(low[at:], la)
				if k < 0 {
					break
				}
				if s, ok := sh.find(t, at+k, len(a)); ok {
					out = append(out, [2]int{s.start, s.end})
				}
				at += k + 1
			}
		}
	}
	return out
}
