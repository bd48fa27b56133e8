package approval

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"sync"

	"github.com/toolgate/toolgate/policy"
)

// Names of the files in a state folder.
const (
	logName  = "approvals.log"
	tmpName  = "approvals.log.tmp"
	lockName = "approvals.lock"
)

// FileStore is the durable Store embedded hosts use by default: one
// append-only log in a state folder the host names. It needs no server.
//
// Guarantees, on every system with a working fsync:
//   - the folder is created 0700 and its files 0600;
//   - a write that returned nil is on disk: its frame was written and the
//     file fsynced (and the folder, when a file was created or renamed);
//   - each frame carries its length and a CRC-32C, so the torn tail a
//     crash leaves is detected on open, ignored and cut off; damage
//     anywhere else is ErrCorrupt and the store does not open (so does a
//     torn tail that happens to hold a whole valid frame, which a call's
//     own text could: the store fails closed rather than guess);
//   - compaction writes a new file, fsyncs it, renames it over the log and
//     fsyncs the folder: a crash at any instant leaves the old log or the
//     new one, both whole;
//   - a second process that opens the folder gets ErrLocked (flock on
//     Unix, LockFileEx on Windows), never a shared log; on Unix the
//     folder itself is locked too, so a lock file deleted as stale while
//     its holder runs frees nothing;
//   - concurrent writers share fsyncs (group commit).
//
// Per platform: on Unix the lock is flock(2) and the folder is fsynced
// after a file is created or renamed; on Windows the lock is LockFileEx and
// a folder cannot be fsynced (NTFS journals the rename); on other systems
// OpenFile fails, since without a lock two processes could share a log.
// The folder's permissions are set when OpenFile creates it; a folder that
// exists keeps the permissions it has, but on Unix one owned by another
// user or writable by every user is refused, and the store's files are
// never opened through a link put in their place.
//
// A write that fails to reach the disk leaves the store failed: every later
// call returns an error matching ErrClosed, and the host reopens it. Reads
// are served from memory and may see a write whose fsync is still in
// flight; that write's own caller has not been told it succeeded.
type FileStore struct {
	dir  string
	fsys fileSystem
	lock io.Closer

	mu      sync.Mutex
	cond    sync.Cond
	x       *index
	log     storeFile
	pending []byte // frames not yet written
	spare   []byte
	fill    uint64 // number of the batch being filled
	done    uint64 // highest batch on disk
	syncing bool
	closing bool
	err     error // sticky: the store failed or closed
	entries int   // frames in the log
	stopped sync.WaitGroup
}

var _ Store = (*FileStore)(nil)

// OpenFile opens (creating when needed) the file store in dir. A second
// open of one folder, from this process or another, fails with ErrLocked
// until the first is closed.
func OpenFile(dir string) (*FileStore, error) { return openFile(osFS{}, dir) }

// OpenStats reports what OpenFile found; see (*FileStore).OpenStats.
type OpenStats struct {
	// Records and Standing count what was read.
	Records, Standing int
	// TornBytes is the length of the torn tail cut off, if any.
	TornBytes int
	// Compacted says whether the log was rewritten on open.
	Compacted bool
}

func openFile(fsys fileSystem, dir string) (*FileStore, error) {
	s, _, err := openFileStats(fsys, dir)
	return s, err
}

func openFileStats(fsys fileSystem, dir string) (*FileStore, OpenStats, error) {
	var st OpenStats
	if dir == "" {
		return nil, st, errors.New("approval: the state folder is empty")
	}
	if err := fsys.MkdirAll(dir, 0o700); err != nil {
		return nil, st, fmt.Errorf("approval: state folder %s: %w", dir, err)
	}
	lock, err := fsys.Lock(filepath.Join(dir, lockName))
	if errors.Is(err, errWouldBlock) {
		return nil, st, fmt.Errorf("%w: %s", ErrLocked, dir)
	}
	if err != nil {
		return nil, st, fmt.Errorf("approval: locking state folder %s: %w", dir, err)
	}
	s := &FileStore{dir: dir, fsys: fsys, lock: lock, x: newIndex(), fill: 1}
	s.cond.L = &s.mu
	if err := s.load(&st); err != nil {
		lock.Close()
		return nil, st, err
	}
	s.stopped.Add(1)
	go s.syncer()
	return s, st, nil
}

// load reads the log into the index, cuts a torn tail off and compacts a
// log that is mostly superseded frames.
func (s *FileStore) load(st *OpenStats) error {
	logPath := filepath.Join(s.dir, logName)
	// A leftover temporary file is a compaction that never renamed: the
	// log beside it is whole.
	if err := s.fsys.Remove(filepath.Join(s.dir, tmpName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("approval: %w", err)
	}
	data, err := s.fsys.ReadFile(logPath)
	created := errors.Is(err, fs.ErrNotExist)
	if err != nil && !created {
		return fmt.Errorf("approval: reading %s: %w", logPath, err)
	}
	good, err := replay(data, s.x, &s.entries)
	if err != nil {
		return fmt.Errorf("%s: %w", logPath, err)
	}
	st.Records, st.Standing, st.TornBytes = len(s.x.records), len(s.x.standing), len(data)-good
	live := len(s.x.records) + len(s.x.standing)
	if st.TornBytes > 0 || s.entries > 2*live+1024 {
		st.Compacted = true
		return s.compactLocked()
	}
	if s.log, err = s.fsys.OpenAppend(logPath); err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	if created {
		if err := s.fsys.SyncDir(s.dir); err != nil {
			s.log.Close()
			return fmt.Errorf("approval: syncing %s: %w", s.dir, err)
		}
	}
	return nil
}

// replay applies the frames of data to x and returns the length of the
// good prefix. A bad frame followed by nothing but more bad bytes is a
// torn tail; a good frame after a bad one means the damage is not a torn
// tail, and is ErrCorrupt.
func replay(data []byte, x *index, entries *int) (int, error) {
	x.reserve(data)
	text := string(data) // every record's strings are cut from this one copy
	off := 0
	for off < len(data) {
		e, n, err := readFrameText(data[off:], text[off:])
		if err != nil {
			for p := off + 1; p+frameHeader < len(data); p++ {
				if _, _, err := readFrame(data[p:]); err == nil {
					return off, fmt.Errorf("%w: bad frame at byte %d followed by a good one at byte %d", ErrCorrupt, off, p)
				}
			}
			return off, nil
		}
		x.apply(e)
		*entries++
		off += n
	}
	return off, nil
}

// reserve sizes the index's maps for the frames of data, read by their
// headers alone, so that a large log is not read into maps that keep
// growing.
func (x *index) reserve(data []byte) {
	var records, standing int
	for off := 0; len(data)-off > frameHeader; {
		n := int(binary.LittleEndian.Uint32(data[off:]))
		if n == 0 || n > len(data)-off-frameHeader {
			break
		}
		switch data[off+frameHeader] {
		case kindRecord:
			records++
		case kindStanding:
			standing++
		}
		off += frameHeader + n
	}
	if records > len(x.records) {
		x.records = make(map[string]*Record, records)
	}
	if standing > len(x.standing) {
		x.standing, x.byTarget = make(map[string]string, standing), make(map[string]Standing, standing)
	}
}

// apply replays one log entry.
func (x *index) apply(e entry) {
	switch e.kind {
	case kindRecord:
		x.putRecord(e.record)
	case kindStanding:
		x.putStanding(e.standing)
	case kindRevoke:
		x.revoke(e.id)
	}
}

// Dir returns the state folder.
func (s *FileStore) Dir() string { return s.dir }

// syncer writes and fsyncs the pending frames in batches: every writer
// that queued a frame while the previous fsync ran shares the next one.
func (s *FileStore) syncer() {
	defer s.stopped.Done()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for len(s.pending) == 0 && !s.closing {
			s.cond.Wait()
		}
		if len(s.pending) == 0 {
			return
		}
		batch, seq := s.pending, s.fill
		s.pending, s.spare = s.spare[:0], nil
		s.fill++
		s.syncing = true
		s.mu.Unlock()
		_, err := s.log.Write(batch)
		if err == nil {
			err = s.log.Sync()
		}
		s.mu.Lock()
		s.syncing = false
		if err != nil {
			s.fail(fmt.Errorf("approval: writing %s: %w", filepath.Join(s.dir, logName), err))
		} else {
			s.done = seq
		}
		s.spare = batch
		s.cond.Broadcast()
	}
}

// fail makes the store unusable: memory may now be ahead of the disk.
func (s *FileStore) fail(err error) {
	if s.err == nil {
		s.err = fmt.Errorf("%w: %w", ErrClosed, err)
	}
}

// write checks a change against the index, applies it, queues its frame
// and waits until the frame is on disk. s.mu is held.
func (s *FileStore) write(payload []byte) error {
	s.pending = appendFrame(s.pending, payload)
	s.entries++
	seq := s.fill
	s.cond.Broadcast()
	for s.done < seq && s.err == nil {
		s.cond.Wait()
	}
	if s.done < seq {
		return s.err
	}
	return nil
}

func (s *FileStore) begin(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.err != nil {
		s.mu.Unlock()
		return s.err
	}
	return nil
}

// Create implements Store.
func (s *FileStore) Create(ctx context.Context, r *Record) error {
	return s.putRecord(ctx, r, s.x.checkCreate)
}

// Update implements Store.
func (s *FileStore) Update(ctx context.Context, r *Record) error {
	return s.putRecord(ctx, r, s.x.checkUpdate)
}

func (s *FileStore) putRecord(ctx context.Context, r *Record, check func(*Record) error) error {
	payload, err := encodeRecord(nil, r)
	if err != nil {
		return fmt.Errorf("%w: record %q: arguments: %w", ErrInvalidRecord, r.ID, err)
	}
	if len(payload) > maxFrame {
		return fmt.Errorf("%w: record %q is larger than %d bytes", ErrInvalidRecord, r.ID, maxFrame)
	}
	if err := s.begin(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if err := check(r); err != nil {
		return err
	}
	s.x.putRecord(r.Clone())
	return s.write(payload)
}

// Get implements Store.
func (s *FileStore) Get(ctx context.Context, id string) (*Record, error) {
	if err := s.begin(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return s.x.get(id)
}

// List implements Store.
func (s *FileStore) List(ctx context.Context) ([]*Record, error) {
	if err := s.begin(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return s.x.list(), nil
}

// SessionApproval implements Store.
func (s *FileStore) SessionApproval(ctx context.Context, session string, b policy.Binding) (string, bool, error) {
	if err := s.begin(ctx); err != nil {
		return "", false, err
	}
	defer s.mu.Unlock()
	id, ok := s.x.sessions[sessionKey{session, b}]
	return id, ok, nil
}

// PutStanding implements Store.
func (s *FileStore) PutStanding(ctx context.Context, st Standing) error {
	payload := encodeStanding(nil, st)
	if err := s.begin(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if err := s.x.checkStanding(st); err != nil {
		return err
	}
	s.x.putStanding(st)
	return s.write(payload)
}

// RevokeStanding implements Store.
func (s *FileStore) RevokeStanding(ctx context.Context, id string) error {
	if err := s.begin(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if err := s.x.checkRevoke(id); err != nil {
		return err
	}
	s.x.revoke(id)
	return s.write(encodeRevoke(nil, id))
}

// Standing implements Store.
func (s *FileStore) Standing(ctx context.Context, task, tool, target string) (Standing, bool, error) {
	if err := s.begin(ctx); err != nil {
		return Standing{}, false, err
	}
	defer s.mu.Unlock()
	st, ok := s.x.lookupStanding(task, tool, target)
	return st, ok, nil
}

// ListStanding implements Store.
func (s *FileStore) ListStanding(ctx context.Context) ([]Standing, error) {
	if err := s.begin(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	return s.x.listStanding(), nil
}

// Compact rewrites the log with one frame per live record and standing
// approval. It waits for writes in flight; a crash at any instant leaves
// either the old log or the new one, whole.
func (s *FileStore) Compact(ctx context.Context) error {
	if err := s.begin(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	for len(s.pending) > 0 || s.syncing {
		s.cond.Wait()
	}
	if s.err != nil {
		return s.err
	}
	if err := s.compactLocked(); err != nil {
		s.fail(err)
		return s.err
	}
	return nil
}

// compactLocked writes the index to a new file and renames it over the
// log. The caller holds s.mu and nothing is pending.
func (s *FileStore) compactLocked() error {
	var buf, payload []byte
	var err error
	n := 0
	for _, r := range s.x.list() {
		if payload, err = encodeRecord(payload[:0], r); err != nil {
			return fmt.Errorf("approval: compacting record %q: %w", r.ID, err)
		}
		buf = appendFrame(buf, payload)
		n++
	}
	for _, st := range s.x.listStanding() {
		buf = appendFrame(buf, encodeStanding(payload[:0], st))
		n++
	}
	tmp, logPath := filepath.Join(s.dir, tmpName), filepath.Join(s.dir, logName)
	f, err := s.fsys.Create(tmp)
	if err != nil {
		return fmt.Errorf("approval: compacting: %w", err)
	}
	_, err = f.Write(buf)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.fsys.Rename(tmp, logPath)
	}
	if err == nil {
		err = s.fsys.SyncDir(s.dir)
	}
	if err != nil {
		return fmt.Errorf("approval: compacting %s: %w", logPath, err)
	}
	if s.log != nil {
		s.log.Close()
	}
	if s.log, err = s.fsys.OpenAppend(logPath); err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	s.entries = n
	return nil
}

// Close implements Store: it waits for writes in flight, then closes the
// log and releases the folder's lock.
func (s *FileStore) Close() error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.closing = true
	s.cond.Broadcast()
	s.mu.Unlock()
	s.stopped.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	err := s.log.Close()
	if lerr := s.lock.Close(); err == nil {
		err = lerr
	}
	if s.err == nil {
		s.err = ErrClosed
	}
	if err != nil {
		return fmt.Errorf("approval: closing %s: %w", s.dir, err)
	}
	return nil
}
