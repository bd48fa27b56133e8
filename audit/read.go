package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// DefaultMaxFile is the largest audit file ReadFile reads by default.
const DefaultMaxFile = 64 << 20

// ErrTooLarge is matched by a *TooLargeError.
var ErrTooLarge = errors.New("audit: file too large")

// TooLargeError says that a file is larger than the reader's limit. The
// file is refused whole, never truncated, and left as it is.
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("audit: %s is larger than %d bytes; it is refused whole and left as it is", e.Path, e.Limit)
}

// Is makes errors.Is(err, ErrTooLarge) hold.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// ReadFile reads a whole audit file of at most limit bytes (0 means
// DefaultMaxFile). A larger file, including one that grows past the limit
// while it is read, is refused with a *TooLargeError.
func ReadFile(path string, limit int64) ([]byte, error) {
	if limit <= 0 {
		limit = DefaultMaxFile
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("audit: reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	return data, nil
}

// Record is one line of an audit file.
type Record struct {
	// Line is the line number, from 1.
	Line int
	// Event is the line decoded; zero when Err is set.
	Event Event
	// Err says why the line could not be decoded.
	Err error
}

// Records decodes the lines of an audit file's contents, in order; a line
// that does not decode is returned with its error. An incomplete last line
// (no newline) is returned as an error too.
func Records(data []byte) []Record {
	var out []Record
	for n, line := range lines(data) {
		r := Record{Line: n}
		if line == nil {
			r.Err = errors.New("incomplete line: no newline at the end of the file")
		} else if err := json.Unmarshal(line, &r.Event); err != nil {
			r.Err = err
		}
		out = append(out, r)
	}
	return out
}

// lines yields the numbered lines of data without their newlines; an
// incomplete last line is yielded as nil.
func lines(data []byte) func(func(int, []byte) bool) {
	return func(yield func(int, []byte) bool) {
		n := 0
		for len(data) > 0 {
			n++
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				yield(n, nil)
				return
			}
			if !yield(n, data[:i]) {
				return
			}
			data = data[i+1:]
		}
	}
}

// ErrBrokenChain is matched by a *ChainError.
var ErrBrokenChain = errors.New("audit: broken chain")

// ChainError reports the first line of an audit file whose link to the
// line before is broken or missing.
type ChainError struct {
	// Line is the line number, from 1.
	Line int
	// Problem says what is wrong.
	Problem string
}

func (e *ChainError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Problem) }

// Is makes errors.Is(err, ErrBrokenChain) hold.
func (e *ChainError) Is(target error) bool { return target == ErrBrokenChain }

// Head is the state of a verified chain.
type Head struct {
	// Events is the number of lines.
	Events int
	// Hash is the hex SHA-256 of the last line, Genesis when empty.
	Hash string
}

// Verify checks the chain of an audit file's contents: every line carries
// the next sequence number and the hash of the line before. It returns the
// head of the chain, or a *ChainError naming the first line that is
// broken (changed, or a line before it changed) or missing (a sequence
// number skipped, lines removed or inserted). Verify cannot see lines
// removed from the end; VerifyHead can, given a head kept elsewhere.
func Verify(data []byte) (Head, error) {
	return verify(data, "")
}

// VerifyHead is Verify, and also checks that the chain passes through
// kept, the hash of a head recorded earlier (FileSink.Head, or the output
// of toolgate audit verify) and kept where the file's writer cannot change
// it. A file that lost lines from its end, or was replaced by another
// chain, no longer holds that head: the error is a *ChainError naming the
// line after the last.
func VerifyHead(data []byte, kept string) (Head, error) {
	if kept == "" {
		return Head{Hash: Genesis}, &ChainError{Line: 1, Problem: "no kept head to compare with"}
	}
	return verify(data, kept)
}

func verify(data []byte, kept string) (Head, error) {
	found := kept == "" || kept == Genesis
	prev, want := Genesis, uint64(1)
	h := Head{Hash: Genesis}
	for n, line := range lines(data) {
		if line == nil {
			return h, &ChainError{Line: n, Problem: "incomplete line: no newline at the end of the file"}
		}
		var link struct {
			Seq  *uint64 `json:"seq"`
			Prev *string `json:"prev"`
		}
		if err := json.Unmarshal(line, &link); err != nil {
			return h, &ChainError{Line: n, Problem: "not an event: " + err.Error()}
		}
		switch {
		case link.Seq == nil || link.Prev == nil:
			return h, &ChainError{Line: n, Problem: "missing link: the line has no seq or prev"}
		case *link.Seq != want:
			return h, &ChainError{Line: n, Problem: fmt.Sprintf("missing link: seq %d where %d was expected (lines were removed, inserted or reordered)", *link.Seq, want)}
		case *link.Prev != prev:
			what := fmt.Sprintf("line %d was changed", n-1)
			if n == 1 {
				what = "the file does not start at the beginning of its chain"
			}
			return h, &ChainError{Line: n, Problem: "broken link: prev is not the hash of the line before; " + what}
		}
		prev = hashHex(line)
		found = found || prev == kept
		want++
		h = Head{Events: n, Hash: prev}
	}
	if !found {
		return h, &ChainError{Line: h.Events + 1, Problem: "missing link: the kept head " + kept + " is not in the file (lines were removed from its end, or it was replaced)"}
	}
	return h, nil
}
