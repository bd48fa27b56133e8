package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/toolgate/toolgate/internal/flock"
	"github.com/toolgate/toolgate/internal/ownfolder"
)

// SyncPolicy says when a FileSink asks the operating system to put written
// events on stable storage.
type SyncPolicy uint8

// The sync policies. The zero value is the safe one.
const (
	// SyncEachEvent: Write returns only after the event's line is on
	// stable storage (fsync), so a crash at any instant loses no event
	// whose Write succeeded.
	SyncEachEvent SyncPolicy = iota
	// SyncOnClose: Write returns once the line is handed to the operating
	// system; a crash of the machine (not of the process) can lose the
	// most recent events. Sync and Close flush.
	SyncOnClose
)

// Genesis is the Prev of the first line of a chain.
const Genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// DefaultMaxEvent is the longest line a FileSink writes. An event whose
// line would be longer is written without its arguments and result, and
// says so in Redacted ("args", "result").
const DefaultMaxEvent = 1 << 20

// Errors of the FileSink.
var (
	// ErrClosed: the sink is closed.
	ErrClosed = errors.New("audit: sink is closed")
	// ErrUnredactable: an event's serialized line held a secret that could
	// not be removed without breaking the line; nothing was written.
	ErrUnredactable = errors.New("audit: event cannot be redacted safely")
	// ErrEventTooLarge: even without arguments and result, the event's
	// line is longer than the limit; nothing was written.
	ErrEventTooLarge = errors.New("audit: event too large")
	// ErrNotChained: an existing file's last line is not a chained event.
	ErrNotChained = errors.New("audit: not a chained audit file")
	// ErrLocked: another FileSink, in this process or another, has the
	// file open.
	ErrLocked = errors.New("audit: another writer has the audit file open")
)

// FileOptions configure a FileSink.
type FileOptions struct {
	// Sync is when written events reach stable storage.
	Sync SyncPolicy
	// Redactor redacts every event before it is written; nil redacts
	// shapes and keys only. Configure it with the policy's secrets.
	Redactor *Redactor
	// MaxEvent is the longest line written; 0 means DefaultMaxEvent.
	MaxEvent int
}

// FileSink appends events to a JSON Lines file, one event a line, each
// line carrying the hash of the one before (Event.Seq and Event.Prev), so
// that Verify finds the first line changed, removed or inserted. The chain
// alone does not detect the loss of the last lines: keep the head (Head)
// where an attacker cannot change it, and check with VerifyHead.
//
// The file is created 0600 and a missing folder 0700 (Unix; on Windows
// the folder's access control list applies). An existing file is made
// 0600; an existing folder is left as it is. A symbolic link or any other
// file that is not a regular file is refused. Every event is redacted twice
// before it is written: field by field (Event.Redact), then the serialized
// line as text, which catches a configured secret that JSON escaping would
// otherwise split across an escape sequence.
//
// One FileSink, in one process, writes a file at a time: two writers would
// fork the chain, each continuing from the head it read. OpenFile takes an
// exclusive advisory lock on the file (flock on Unix, LockFileEx on
// Windows) and a second opener, in this process or another, gets
// ErrLocked; the lock goes with Close or the process's death. A FileSink
// is safe for concurrent use. After a failed
// write it refuses further writes, having removed what the failed write
// left of its line; reopen the file to go on (reopening also drops an
// incomplete last line left by a crash).
type FileSink struct {
	mu   sync.Mutex
	f    *os.File
	path string
	opts FileOptions
	seq  uint64
	prev string
	err  error // sticky
	buf  []byte
	size int64 // the length of the file's complete lines
}

// fileWrite and fileSync are the operations Write makes on the file; tests
// replace them to fail as a full disk or a failing device does.
var (
	fileWrite = (*os.File).Write
	fileSync  = (*os.File).Sync
)

var _ Sink = (*FileSink)(nil)

// OpenFile opens or creates the audit file at path for appending and
// continues its chain. An incomplete last line, left by a crash during a
// write that was therefore never acknowledged, is removed.
func OpenFile(path string, opts FileOptions) (*FileSink, error) {
	if opts.MaxEvent <= 0 {
		opts.MaxEvent = DefaultMaxEvent
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("audit: creating the folder of %s: %w", path, err)
	}
	// Whoever may write the folder may put a file of their own, with a
	// chain of its own, in the log's place (see docs/security-model.md,
	// Audit).
	if err := ownfolder.Check(dir); err != nil {
		return nil, fmt.Errorf("audit: the folder of %s is refused: %w", path, err)
	}
	before, err := os.Lstat(path)
	if err == nil && !before.Mode().IsRegular() {
		return nil, fmt.Errorf("audit: %s is not a regular file", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if before != nil {
		if after, err := f.Stat(); err != nil || !os.SameFile(before, after) {
			f.Close()
			return nil, fmt.Errorf("audit: %s was replaced while it was opened", path)
		}
	}
	// Lock before reading the head: a second writer would otherwise
	// continue the chain from the same line as the first.
	if err := flock.TryLock(f); err != nil {
		f.Close()
		if errors.Is(err, flock.ErrLocked) {
			return nil, fmt.Errorf("%w: %s", ErrLocked, path)
		}
		return nil, fmt.Errorf("audit: locking %s: %w", path, err)
	}
	if before == nil {
		// A new file's name is durable only once its folder is synced:
		// without it a machine crash could lose the file with every
		// event acknowledged in it.
		if err := ownfolder.Sync(dir); err != nil {
			f.Close()
			return nil, fmt.Errorf("audit: syncing the folder of %s: %w", path, err)
		}
	}
	s := &FileSink{f: f, path: path, opts: opts, prev: Genesis}
	if err := s.recover(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

// recover checks the file and reads the chain's head from its last line.
func (s *FileSink) recover() error {
	fi, err := s.f.Stat()
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("audit: %s is not a regular file", s.path)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0 {
		if err := s.f.Chmod(0o600); err != nil {
			return fmt.Errorf("audit: %w", err)
		}
	}
	size := fi.Size()
	s.size = size
	if size == 0 {
		return nil
	}
	// The window holds a longest line, its newline and the newline before.
	window := min(size, int64(s.opts.MaxEvent)+2)
	offset := size - window
	tail := make([]byte, window)
	if _, err := s.f.ReadAt(tail, offset); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("audit: reading %s: %w", s.path, err)
	}
	if tail[len(tail)-1] != '\n' {
		// A torn last line: keep everything up to the last complete one.
		nl := bytes.LastIndexByte(tail, '\n')
		if nl < 0 && offset > 0 {
			return fmt.Errorf("%w: %s: the last line is longer than %d bytes", ErrNotChained, s.path, s.opts.MaxEvent)
		}
		keep := offset + int64(nl) + 1
		if err := s.f.Truncate(keep); err != nil {
			return fmt.Errorf("audit: removing the incomplete last line of %s: %w", s.path, err)
		}
		tail = tail[:nl+1]
		s.size = keep
		if keep == 0 {
			return nil
		}
	}
	body := tail[:len(tail)-1]
	start := bytes.LastIndexByte(body, '\n') + 1
	if start == 0 && offset > 0 {
		return fmt.Errorf("%w: %s: the last line is longer than %d bytes", ErrNotChained, s.path, s.opts.MaxEvent)
	}
	last := body[start:]
	var link struct {
		Seq uint64 `json:"seq"`
	}
	if err := json.Unmarshal(last, &link); err != nil || link.Seq == 0 {
		return fmt.Errorf("%w: %s: the last line has no sequence number", ErrNotChained, s.path)
	}
	s.seq, s.prev = link.Seq, hashHex(last)
	return nil
}

// Write stamps e with the time if it has none, redacts it, chains it and
// appends it as one line.
func (s *FileSink) Write(ctx context.Context, e Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if e.Time.IsZero() {
		e.Time = time.Now().UTC()
	}
	e = e.Redact(s.opts.Redactor)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return ErrClosed
	}
	if s.err != nil {
		return s.err
	}
	e.Seq, e.Prev = s.seq+1, s.prev
	line, err := s.encode(e)
	if err != nil {
		return err
	}
	hash := hashHex(line)
	s.buf = append(append(s.buf[:0], line...), '\n')
	if _, err := fileWrite(s.f, s.buf); err != nil {
		return s.fail(fmt.Errorf("audit: writing %s: %w", s.path, err))
	}
	if s.opts.Sync == SyncEachEvent {
		if err := fileSync(s.f); err != nil {
			return s.fail(fmt.Errorf("audit: syncing %s: %w", s.path, err))
		}
	}
	s.seq, s.prev = e.Seq, hash
	s.size += int64(len(s.buf))
	return nil
}

// fail makes err sticky and takes back what the failed write left: part of
// the line (a short write, a full disk) or all of it (a failed sync). The
// caller was told the event was not recorded and may write it again; a
// line left behind would then appear twice, or torn. See
// docs/security-model.md, Audit.
//
// A failure to take the line back, or to make its removal durable, is part
// of the error: a line left behind, or one a crash brings back, is the
// event written twice once the caller writes it again.
func (s *FileSink) fail(err error) error {
	if terr := s.f.Truncate(s.size); terr != nil {
		err = fmt.Errorf("%w (and removing the unrecorded line failed: %w)", err, terr)
	} else if serr := fileSync(s.f); serr != nil {
		err = fmt.Errorf("%w (and syncing the removal of the unrecorded line failed: %w)", err, serr)
	}
	s.err = err
	return err
}

// encode serializes e as EncodeLine does.
func (s *FileSink) encode(e Event) ([]byte, error) {
	return EncodeLine(e, s.opts.Redactor, s.opts.MaxEvent)
}

// EncodeLine serializes a chained event as one line the way every durable
// sink writes it: an event longer than maxEvent bytes (0 means
// DefaultMaxEvent) is written without its arguments and result, and the
// finished line is redacted again as text with r (nil: known shapes and
// secret-named keys only), keeping it valid JSON. A sink over another store
// calls it so that its lines are byte for byte what the file sink writes.
func EncodeLine(e Event, r *Redactor, maxEvent int) ([]byte, error) {
	if maxEvent <= 0 {
		maxEvent = DefaultMaxEvent
	}
	line, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("audit: encoding a %s event: %w", e.Kind, err)
	}
	if len(line) > maxEvent {
		e.Args, e.Result = nil, nil
		e.Redacted = append(slices.Clip(e.Redacted), "args", "result")
		e.Message = fmt.Sprintf("arguments and result omitted: the event was %d bytes", len(line))
		if line, err = json.Marshal(e); err != nil {
			return nil, err
		}
		if len(line) > maxEvent {
			return nil, fmt.Errorf("%w: a %s event is %d bytes without arguments (limit %d)", ErrEventTooLarge, e.Kind, len(line), maxEvent)
		}
	}
	return r.redactJSON(line)
}

// Head returns the sequence number and hash of the last line written, the
// chain's head; Genesis and 0 for an empty file.
func (s *FileSink) Head() (seq uint64, hash string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq, s.prev
}

// Sync puts every written event on stable storage.
func (s *FileSink) Sync() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return ErrClosed
	}
	return s.f.Sync()
}

// Close syncs and closes the file. Further writes return ErrClosed.
func (s *FileSink) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		return ErrClosed
	}
	err := s.f.Sync()
	if cerr := s.f.Close(); err == nil {
		err = cerr
	}
	s.f = nil
	return err
}

// redactJSON redacts a serialized event as text: configured secrets and
// shapes, without the free-text key=value shape (keys were handled field
// by field). A range that starts or ends inside a JSON escape sequence is
// widened to the whole sequence; if the line is then not valid JSON,
// nothing is written.
func (r *Redactor) redactJSON(line []byte) ([]byte, error) {
	sp := r.spans(line, true)
	if len(sp) == 0 {
		return line, nil
	}
	esc, strs := escapes(line)
	for i := range sp {
		if e, ok := within(esc, sp[i].start); ok {
			sp[i].start = e.start
		}
		if e, ok := within(esc, sp[i].end-1); ok {
			sp[i].end = e.end
		}
	}
	sp = merge(sp)
	out, _ := replace(make([]byte, 0, len(line)), line, sp)
	// Replacing whole escape sequences inside one string by marker bytes
	// keeps the line valid; anything else is checked.
	for _, x := range sp {
		if str, ok := within(strs, x.start); !ok || x.end > str.end {
			if !json.Valid(out) {
				return nil, ErrUnredactable
			}
			break
		}
	}
	return out, nil
}

// escapes lists the escape sequences inside the strings of a JSON text,
// and the strings' contents (between their quotes).
func escapes(t []byte) (esc, strs []span) {
	in := false
	start := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case !in:
			in = c == '"'
			start = i + 1
		case c == '"':
			in = false
			strs = append(strs, span{start, i})
		case c == '\\':
			n := 2
			if i+1 < len(t) && t[i+1] == 'u' {
				n = 6
			}
			esc = append(esc, span{i, min(i+n, len(t))})
			i += n - 1
		}
	}
	return esc, strs
}

// within returns the span of the sorted, disjoint list that holds byte i.
func within(esc []span, i int) (span, bool) {
	k, _ := slices.BinarySearchFunc(esc, i, func(s span, i int) int {
		switch {
		case s.end <= i:
			return -1
		case s.start > i:
			return 1
		}
		return 0
	})
	if k < len(esc) && esc[k].start <= i && i < esc[k].end {
		return esc[k], true
	}
	return span{}, false
}

func hashHex(line []byte) string {
	sum := sha256.Sum256(line)
	return hex.EncodeToString(sum[:])
}
