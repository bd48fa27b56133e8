package randtoken

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRandomTokenEdges pins each bound and condition of the form at its
// edge: one side is a token, the other is not.
func TestRandomTokenEdges(t *testing.T) {
	const body20 = "q7RfT2xLkP9mZ0wBv4Nc" // 20 random-looking bytes
	for text, want := range map[string]bool{
		"vendor_" + body20:                               true,
		"vendor_" + body20[:19]:                          false, // the body is one byte short
		"abcdefghijkl_" + body20:                         true,  // a 12-byte segment
		"abcdefghijklm_" + body20:                        false, // 13 bytes
		"a_b_c_" + body20:                                true,  // three segments
		"a_b_c_d" + body20:                               true,  // the third segment's body
		"Vendor_" + body20:                               false, // the prefix is lower case
		"9vendor_" + body20:                              false, // and starts with a letter
		"vendor" + body20:                                false, // no separator
		"vendor-" + body20:                               true,
		"toolu_" + body20:                                false, // an API's identifier
		"pk_live_" + body20:                              false, // a publishable key
		"sha512-" + body20:                               false, // a labelled digest
		"x sha256=vendor_" + body20:                      false, // a digest after its label
		"x sha256:vendor_" + body20:                      false,
		"x sha256/vendor_" + body20:                      true,
		"x shaX=vendor_" + body20:                        true,
		"vendor_" + strings.ToLower(body20):              false, // one case only
		"vendor_Ab3defghij9klmnopqrs":                    false, // one capital
		"vendor_qRTfxLPkmZBwvNCYhJDsgAbK":                true,  // no digit needed in 24
		"vendor_ReadTheConfigFileAndParseIt":             false, // camel case
		"vendor_AbcdDefgGhijJklmMnopPqrsStuvWxyzYZabc12": false, // nine capitals in ten before runs of lower case three long
		"vendor_AbcdDefgGhijJklmMnopPqrsStuvWXyzYZabc12": true,  // nine in eleven
		"vendor_AbcDefGhiJklMnoPqrStuVwx12345":           true,  // runs two long
		"vendor_AbCdEfGhIjKlMnOPQRs1t2u3":                true,  // eight in eleven
		"vendor_Build-Release-2024-Final-v2-Ok":          false, // kebab case
		"vendor_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1AB":      false, // few changes of kind
		"vendor_aaaaBBBBcccc1111DDDDe":                   false, // one change in four
		"vendor_aaaBBBccc111DDDeee222F":                  true,  // one in three
		"vendor_q7r2x9k4m1z0w8v3n6c5A":                   false, // one capital
		"vendor_Q7R2X9K4M1Z0W8V3N6C5a":                   false, // one lower-case letter
		"vendor_qRTfxLPkmZBwvNCYhJDsg":                   false, // no digit in 21 bytes
		"vendor_AbCdEfGhIjKlMnO1p2q3r4":                  true,  // seven capitals in eight before a lower-case letter
		"vendor_abcd-EFGH-1234-ijkl-MNOP-5678":           false, // separators are no change of kind
	} {
		assert.Equal(t, want, Holds(text), "%q", text)
	}
}

// FuzzFind checks, on any text, that every token found is a whole word of
// token bytes inside the text, in order and apart, that Holds agrees with
// Find, and that a string and a byte slice read the same.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"deploy with acme_live_q7RfT2xLkP9mZ0wBv4Nc now",
		"x sha256=vendor_q7RfT2xLkP9mZ0wBv4Nc",
		"toolu_01A09q90qw90lq917835lq9 a-b_c-d_e",
		"__--__-vendor_AbcdDefgGhijJklmMnopPqrsStuvWXyzYZabc12",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var fromString, fromBytes [][2]int
		Find(s, func(start, end int) { fromString = append(fromString, [2]int{start, end}) })
		Find([]byte(s), func(start, end int) { fromBytes = append(fromBytes, [2]int{start, end}) })
		assert.Equal(t, fromString, fromBytes)
		assert.Equal(t, len(fromString) > 0, Holds(s))
		last := -1
		for _, sp := range fromString {
			start, end := sp[0], sp[1]
			if start <= last || start >= end || end > len(s) {
				t.Fatalf("span %v after %d in %q", sp, last, s)
			}
			last = end
			if start > 0 && randomTokenChars[s[start-1]] || end < len(s) && randomTokenChars[s[end]] {
				t.Fatalf("span %v of %q is not a whole word", sp, s)
			}
			for i := start; i < end; i++ {
				if !randomTokenChars[s[i]] {
					t.Fatalf("span %v of %q holds %q", sp, s, s[i])
				}
			}
			if !Holds(s[start:end]) {
				t.Fatalf("%q found in %q does not hold a token alone", s[start:end], s)
			}
		}
	})
}
