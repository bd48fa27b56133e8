package roots

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"time"
)

// Files opens, creates and writes files under the roots of one Set through
// an os.Root handle per root. Each operation resolves its path with the Set
// (so the policy decision and the access judge the same canonical path),
// then performs the access relative to the handle of the containing root:
// a symbolic link or folder swapped in between check and use may redirect it
// within that root but cannot carry it outside (see the package
// documentation for what remains). Files is safe for concurrent use.
type Files struct {
	set        *Set
	handles    map[string]*os.Root // by root ID
	afterCheck func()              // test hook: runs between check and use
}

// OpenFiles opens a handle on every root of s. Close releases them. A set
// that changes (see Live) needs a new Files.
func OpenFiles(s *Set) (*Files, error) {
	f := &Files{set: s, handles: make(map[string]*os.Root, s.Len())}
	for _, r := range s.Roots() {
		h, err := os.OpenRoot(r.Path)
		if err != nil {
			f.Close()
			return nil, &PathError{Op: "open-root", Path: r.Path, Err: err, Detail: "root " + quote(r.ID)}
		}
		f.handles[r.ID] = h
	}
	return f, nil
}

// Set returns the set f was opened on.
func (f *Files) Set() *Set { return f.set }

// Close closes every root handle.
func (f *Files) Close() error {
	var errs []error
	for id, h := range f.handles {
		errs = append(errs, h.Close())
		delete(f.handles, id)
	}
	return errors.Join(errs...)
}

// locate resolves p, checks write access when write is set, and returns the
// handle of the containing root with the path relative to it.
func (f *Files) locate(op, p string, write bool) (*os.Root, string, Target, error) {
	t, err := f.set.Resolve(p)
	if err != nil {
		var pe *PathError
		if errors.As(err, &pe) {
			pe.Op = op
		}
		return nil, "", t, err
	}
	if write && !t.Access.CanWrite() {
		return nil, "", t, &PathError{Op: op, Path: p, Resolved: t.Resolved, Err: ErrReadOnly, Detail: "root " + quote(t.Root.ID)}
	}
	if f.afterCheck != nil {
		f.afterCheck()
	}
	h := f.handles[t.Root.ID]
	if h == nil {
		return nil, "", t, &PathError{Op: op, Path: p, Resolved: t.Resolved, Err: os.ErrClosed}
	}
	return h, f.set.relative(t.Root.Path, t.Resolved), t, nil
}

// relative returns canonical (inside root) relative to root, "." for the
// root itself. Both are canonical, so this is a slice, not a Rel.
func (s *Set) relative(root, canonical string) string {
	sep := "/"
	if s.opts.plat.windows {
		sep = `\`
	}
	n := len(root)
	if s.opts.fold {
		n, _ = foldPrefix(canonical, root)
	}
	rel := strings.TrimPrefix(canonical[n:], sep)
	if rel == "" {
		return "."
	}
	return rel
}

const writeFlags = os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND

// OpenFile opens p with the given flags, like os.OpenFile, relative to the
// handle of the root that contains it. Flags that can change the file
// (O_WRONLY, O_RDWR, O_CREATE, O_TRUNC, O_APPEND) need a read-write root,
// and refuse, with [ErrUnresolvable], a file that is not a folder and has
// more than one hard link: its other names may lie outside every root or
// in a read-only one, and a write through this name changes them too (see
// docs/security-model.md, Roots). Such a file is opened without O_TRUNC,
// checked, and only then truncated, so a refused open changes nothing.
// [Files.Replace] writes such a file by replacing this name alone.
func (f *Files) OpenFile(p string, flag int, perm fs.FileMode) (*os.File, Target, error) {
	write := flag&writeFlags != 0
	h, rel, t, err := f.locate("open", p, write)
	if err != nil {
		return nil, t, err
	}
	if !write {
		file, err := h.OpenFile(rel, flag, perm)
		if err != nil {
			return nil, t, &PathError{Op: "open", Path: p, Resolved: t.Resolved, Err: err}
		}
		return file, t, nil
	}
	file, err := h.OpenFile(rel, flag&^os.O_TRUNC, perm)
	if err != nil {
		return nil, t, &PathError{Op: "open", Path: p, Resolved: t.Resolved, Err: err}
	}
	if err := checkSingleLink(file, flag&os.O_TRUNC != 0); err != nil {
		file.Close()
		return nil, t, &PathError{Op: "open", Path: p, Resolved: t.Resolved, Err: ErrUnresolvable, Detail: err.Error()}
	}
	return file, t, nil
}

// checkSingleLink refuses an open file that is not a folder and has other
// hard links, then truncates it when trunc is set.
func checkSingleLink(file *os.File, trunc bool) error {
	fi, err := file.Stat()
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		n, err := linkCount(file, fi)
		if err != nil {
			return err
		}
		if n > 1 {
			return errors.New("the file has " + itoa(int(n)) + " hard links, whose other names may lie outside every root")
		}
	}
	if trunc && fi.Mode().IsRegular() {
		return file.Truncate(0)
	}
	return nil
}

// Open opens p for reading.
func (f *Files) Open(p string) (*os.File, Target, error) { return f.OpenFile(p, os.O_RDONLY, 0) }

// Stat returns information about p, following a final symbolic link within
// the root.
func (f *Files) Stat(p string) (fs.FileInfo, error) {
	h, rel, t, err := f.locate("stat", p, false)
	if err != nil {
		return nil, err
	}
	fi, err := h.Stat(rel)
	if err != nil {
		return nil, &PathError{Op: "stat", Path: p, Resolved: t.Resolved, Err: err}
	}
	return fi, nil
}

// MkdirAll creates the folder p and any missing parents, under a read-write root.
func (f *Files) MkdirAll(p string, perm fs.FileMode) error {
	h, rel, t, err := f.locate("mkdir", p, true)
	if err != nil {
		return err
	}
	if err := h.MkdirAll(rel, perm); err != nil {
		return &PathError{Op: "mkdir", Path: p, Resolved: t.Resolved, Err: err}
	}
	return nil
}

// Version identifies the content and identity of a file as it was read, so
// that Replace can refuse to overwrite a file that changed since.
type Version struct {
	Size    int64     // size in bytes
	ModTime time.Time // modification time
	SHA256  [32]byte  // hash of the content
	info    fs.FileInfo
}

// IsZero reports whether v is the zero Version (no file was read).
func (v Version) IsZero() bool { return v.info == nil && v.Size == 0 && v.ModTime.IsZero() }

// sameMeta compares identity (device and inode, or volume and file index),
// size and modification time.
func (v Version) sameMeta(fi fs.FileInfo) bool {
	if v.info != nil && !os.SameFile(v.info, fi) {
		return false
	}
	return fi.Size() == v.Size && fi.ModTime().Equal(v.ModTime)
}

// ReadFile reads p and returns its content with the Version to give to
// Replace. It fails with ErrChanged if the file changed while it was read.
func (f *Files) ReadFile(p string) ([]byte, Version, error) {
	h, rel, t, err := f.locate("read", p, false)
	if err != nil {
		return nil, Version{}, err
	}
	data, v, err := readVersion(h, rel)
	if err != nil {
		return nil, Version{}, &PathError{Op: "read", Path: p, Resolved: t.Resolved, Err: err}
	}
	return data, v, nil
}

func readVersion(h *os.Root, rel string) ([]byte, Version, error) {
	file, err := h.Open(rel)
	if err != nil {
		return nil, Version{}, err
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		return nil, Version{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, Version{}, errors.New("not a regular file")
	}
	var buf bytes.Buffer
	if fi.Size() > 0 && fi.Size() < 1<<30 {
		buf.Grow(int(fi.Size()))
	}
	if _, err := io.Copy(&buf, file); err != nil {
		return nil, Version{}, err
	}
	v := Version{Size: fi.Size(), ModTime: fi.ModTime(), SHA256: sha256.Sum256(buf.Bytes()), info: fi}
	after, err := file.Stat()
	if err != nil {
		return nil, Version{}, err
	}
	if !v.sameMeta(after) || int64(buf.Len()) != v.Size {
		return nil, Version{}, ErrChanged
	}
	return buf.Bytes(), v, nil
}

// CreateNew publishes data as the new file p and never replaces anything
// already there. It writes the content to a temporary file in the same
// folder, syncs it, then hard-links it to p, which fails if p exists (as a
// file, folder, or link, even a dangling one); then it removes the temporary
// name and syncs the folder. If p exists the error matches fs.ErrExist and
// the existing file is untouched. A file system without hard links (FAT,
// some network shares) makes CreateNew fail: there is no fallback to an
// operation that could overwrite. The parent folder must exist.
func (f *Files) CreateNew(p string, data []byte, perm fs.FileMode) error {
	h, rel, t, err := f.locate("create-new", p, true)
	if err != nil {
		return err
	}
	return createNew(h, rel, "create-new", p, t.Resolved, data, perm)
}

// createNew is CreateNew after the checks: rel is relative to the handle h.
func createNew(h *os.Root, rel, op, p, resolved string, data []byte, perm fs.FileMode) error {
	if rel == "." {
		return &PathError{Op: op, Path: p, Resolved: resolved, Err: fs.ErrExist, Detail: "is the root folder"}
	}
	tmp, err := stage(h, rel, data, perm, false)
	if err != nil {
		return &PathError{Op: op, Path: p, Resolved: resolved, Err: err}
	}
	defer h.Remove(tmp)
	if err := h.Link(tmp, rel); err != nil {
		return &PathError{Op: op, Path: p, Resolved: resolved, Err: err}
	}
	syncDir(h, rel)
	return nil
}

// Replace replaces the content of p with data if p is still the file that
// was read as v: same identity, size, modification time and SHA-256 of the
// content. Otherwise it fails with ErrChanged and leaves p alone. The new
// content is staged and synced in the same folder, p is checked, then the
// staged file is renamed over p, keeping p's permission bits. Another writer
// can still change p between that check and the rename; see the package
// documentation.
func (f *Files) Replace(p string, data []byte, v Version) error {
	h, rel, t, err := f.locate("replace", p, true)
	if err != nil {
		return err
	}
	return replace(h, rel, "replace", p, t.Resolved, data, v)
}

// replace is Replace after the checks: rel is relative to the handle h.
func replace(h *os.Root, rel, op, p, resolved string, data []byte, v Version) error {
	fail := func(err error, detail string) error {
		return &PathError{Op: op, Path: p, Resolved: resolved, Err: err, Detail: detail}
	}
	if v.IsZero() {
		return fail(ErrChanged, "no version: read the file first")
	}
	_, cur, err := readVersion(h, rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail(ErrChanged, "the file no longer exists")
	case errors.Is(err, ErrChanged):
		return fail(ErrChanged, "the file is being written")
	case err != nil:
		return fail(err, "")
	case !v.sameMeta(cur.info) || cur.SHA256 != v.SHA256:
		return fail(ErrChanged, "")
	}
	tmp, err := stage(h, rel, data, cur.info.Mode().Perm(), true)
	if err != nil {
		return fail(err, "")
	}
	defer h.Remove(tmp) // fails harmlessly after a successful rename
	// Narrow the window: check identity, size and time once more just before
	// the rename.
	fi, err := h.Lstat(rel)
	if err != nil || !v.sameMeta(fi) {
		return fail(ErrChanged, "changed while the new content was staged")
	}
	if err := h.Rename(tmp, rel); err != nil {
		return fail(err, "")
	}
	syncDir(h, rel)
	return nil
}

// stage writes data to a new temporary file beside rel and syncs it. With
// exact, the permission bits are perm regardless of the umask.
func stage(h *os.Root, rel string, data []byte, perm fs.FileMode, exact bool) (string, error) {
	dir, base := splitRel(rel)
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := "." + base + ".toolgate-" + hex.EncodeToString(rnd[:]) + ".tmp"
	if dir != "" {
		tmp = dir + string(os.PathSeparator) + tmp
	}
	file, err := h.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm.Perm())
	if err != nil {
		return "", err
	}
	_, err = file.Write(data)
	if err == nil && exact && runtime.GOOS != "windows" {
		err = file.Chmod(perm.Perm()) // undo the umask: keep the replaced file's bits
	}
	if err == nil {
		err = file.Sync()
	}
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		h.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

func splitRel(rel string) (dir, base string) {
	i := strings.LastIndexAny(rel, `/\`)
	if runtime.GOOS != "windows" {
		i = strings.LastIndexByte(rel, '/')
	}
	if i < 0 {
		return "", rel
	}
	return rel[:i], rel[i+1:]
}

// syncDir makes a new name durable on Unix; Windows cannot sync a folder.
func syncDir(h *os.Root, rel string) {
	if runtime.GOOS == "windows" {
		return
	}
	dir, _ := splitRel(rel)
	if dir == "" {
		dir = "."
	}
	if d, err := h.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
