package approval

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/internal/flock"
	"github.com/toolgate/toolgate/internal/ownfolder"
)

// fileSystem is the little the file store asks of the operating system.
// The crash tests put a fault-injecting one in its place.
type fileSystem interface {
	MkdirAll(path string, perm fs.FileMode) error
	// OpenAppend opens name for appending, creating it 0600 when missing.
	OpenAppend(name string) (storeFile, error)
	// Create creates or truncates name, 0600, for writing.
	Create(name string) (storeFile, error)
	// ReadFile reads name; fs.ErrNotExist when it is missing.
	ReadFile(name string) ([]byte, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	// SyncDir makes the folder's entries durable.
	SyncDir(dir string) error
	// Lock takes an exclusive advisory lock on name (and, on Unix, on
	// the folder that holds it), or fails at once with ErrLocked.
	Lock(name string) (io.Closer, error)
}

type storeFile interface {
	io.Writer
	Sync() error
	Truncate(size int64) error
	Close() error
}

// osFS is the real file system.
type osFS struct{}

// MkdirAll makes the state folder and checks that no other user may write
// it: whoever can write the folder can replace the log with records of
// their own (its checksums are no signature) and have a call run that
// nobody approved. See docs/security-model.md, "Approvals".
func (osFS) MkdirAll(path string, perm fs.FileMode) error {
	if err := os.MkdirAll(path, perm); err != nil {
		return err
	}
	if err := ownfolder.Check(path); err != nil {
		return fmt.Errorf("refused: %w: anyone who may write it could forge an approval there", err)
	}
	return nil
}

func (osFS) OpenAppend(name string) (storeFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE|ownfolder.NoFollow, 0o600)
}

func (osFS) Create(name string) (storeFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_TRUNC|os.O_CREATE|ownfolder.NoFollow, 0o600)
}

func (osFS) ReadFile(name string) ([]byte, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|ownfolder.NoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
func (osFS) Rename(o, n string) error { return os.Rename(o, n) }
func (osFS) Remove(name string) error { return os.Remove(name) }

func (osFS) SyncDir(dir string) error { return ownfolder.Sync(dir) }

func (osFS) Lock(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|ownfolder.NoFollow, 0o600)
	if err != nil {
		return nil, err
	}
	if err := flock.TryLock(f); err != nil {
		f.Close()
		return nil, err
	}
	d, err := lockFolder(filepath.Dir(name))
	if err != nil {
		f.Close()
		return nil, err
	}
	if d == nil {
		return f, nil
	}
	return lockPair{f, d}, nil
}

// lockPair holds the lock file's lock and the folder's.
type lockPair struct{ file, folder *os.File }

func (l lockPair) Close() error {
	return errors.Join(l.file.Close(), l.folder.Close())
}

// errWouldBlock is a lock another holder has (flock.ErrLocked; a test's
// file system answers it too).
var errWouldBlock = flock.ErrLocked
