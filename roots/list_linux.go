//go:build linux

package roots

import (
	"encoding/binary"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// listedFileSystems are the file systems whose listing holds every name a
// lookup finds, with its type: local disk and memory file systems.
// Pseudo file systems are not among them (/proc finds a thread's ID it
// does not list), nor automounters (a name appears when looked up), nor
// network and FUSE file systems (whose listing and lookups are answered
// by different requests, perhaps from different caches).
var listedFileSystems = [...]int64{
	unix.EXT4_SUPER_MAGIC, // also ext2 and ext3
	unix.XFS_SUPER_MAGIC,
	unix.BTRFS_SUPER_MAGIC,
	unix.TMPFS_MAGIC,
	unix.OVERLAYFS_SUPER_MAGIC,
	unix.F2FS_SUPER_MAGIC,
	unix.BCACHEFS_SUPER_MAGIC,
}

// maxListing bounds the bytes of one folder's listing: a folder with
// more entries is not listed and its names are looked up one by one.
const maxListing = 16 << 10

// listBuffers are the buffers listings are read into.
var listBuffers = sync.Pool{New: func() any { b := make([]byte, maxListing); return &b }}

// list reads dir's entries with getdents64. dir is opened without
// following a final link, so a folder swapped for a link since it was
// looked up is not listed.
func (osSys) list(dir string) (*dirListing, bool) {
	var fd int
	var err error
	for {
		fd, err = unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return nil, false
	}
	defer unix.Close(fd)
	var st unix.Statfs_t
	if unix.Fstatfs(fd, &st) != nil || !listable(int64(st.Type)) {
		return nil, false
	}
	bp := listBuffers.Get().(*[]byte)
	defer listBuffers.Put(bp)
	buf := *bp
	used := 0
	for {
		if len(buf)-used < 512 {
			return nil, false // too large a folder: look its names up
		}
		n, err := unix.Getdents(fd, buf[used:])
		if err == unix.EINTR {
			continue
		}
		if err != nil || n < 0 {
			return nil, false
		}
		if n == 0 {
			break
		}
		used += n
	}
	return parseDirents(buf[:used])
}

func listable(t int64) bool {
	for _, f := range listedFileSystems {
		if t == f {
			return true
		}
	}
	return false
}

// parseDirents reads linux_dirent64 records: an 8-byte inode number, an
// 8-byte offset, a 2-byte record length, a 1-byte type, and the name
// ending in NUL. The names are kept in one string.
func parseDirents(b []byte) (*dirListing, bool) {
	all := string(b)
	l := &dirListing{entries: make([]dirEntry, 0, len(b)/32)}
	for off := 0; off < len(all); {
		if len(all)-off < 20 {
			return nil, false
		}
		reclen := int(binary.NativeEndian.Uint16(b[off+16:]))
		if reclen < 20 || off+reclen > len(all) {
			return nil, false
		}
		ino := binary.NativeEndian.Uint64(b[off:])
		typ := b[off+18]
		name := all[off+19 : off+reclen]
		end := 0
		for end < len(name) && name[end] != 0 {
			end++
		}
		if end == len(name) {
			return nil, false // no NUL: not a record as described
		}
		name = name[:end]
		if strings.IndexByte(name, '/') >= 0 {
			return nil, false // no name in a folder holds a slash
		}
		off += reclen
		if name == "." || name == ".." {
			continue
		}
		// An entry without an inode number is not trusted for its kind.
		e := dirEntry{name: name, known: ino != 0}
		switch typ {
		case unix.DT_DIR:
			e.kind = kindDir
		case unix.DT_LNK:
			e.kind = kindLink
		case unix.DT_REG, unix.DT_CHR, unix.DT_BLK, unix.DT_FIFO, unix.DT_SOCK:
			e.kind = kindOther
		default: // DT_UNKNOWN (the file system does not say) or unheard of
			e.known = false
			e.kind = kindOther
		}
		if !isASCII(name) {
			l.nonASCII = true
		}
		l.entries = append(l.entries, e)
	}
	return l, true
}
