package hardline

import (
	"strings"
	"testing"
)

// TestXargsReplace pins the text xargs replaces with each item: -I R
// (attached or not), -i[R] and --replace[=R] (shortened too), the last
// one given, and none for -e and -l, whose values are attached only.
func TestXargsReplace(t *testing.T) {
	for _, tc := range []struct{ opts, want string }{
		{"-I X", "X"}, {"-IX", "X"}, {"-0 -I X", "X"}, {"-0IX", "X"},
		{"-i", "{}"}, {"-iX", "X"}, {"-0i", "{}"}, {"-0iX", "X"},
		{"--replace", "{}"}, {"--replace=X", "X"}, {"--rep=X", "X"}, {"--r", "{}"},
		{"-I X -i", "{}"}, {"-i -I Y", "Y"},
		{"-eIX", ""}, {"-lI", ""}, {"-e", ""}, {"-n 1", ""}, {"-d , -P 4", ""},
		{"-a list -I X", "X"}, {"--arg-file list -I X", "X"}, {"--max-args=2", ""},
		{"", ""},
	} {
		var fs []field
		for _, w := range strings.Fields(tc.opts) {
			fs = append(fs, field{val: w})
		}
		if got := xargsReplace(fs); got != tc.want {
			t.Errorf("xargsReplace(%q) = %q, want %q", tc.opts, got, tc.want)
		}
	}
}
