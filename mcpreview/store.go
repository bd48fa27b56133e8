package mcpreview

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/toolgate/toolgate/internal/ownfolder"
	"github.com/toolgate/toolgate/toolmeta"
)

// Review is a person's review of one connection, as the store keeps it.
type Review struct {
	// Version is the file format, 1.
	Version int `json:"version"`
	// Name is the connection's name.
	Name string `json:"name"`
	// Identity is the hash of the connection's canonical encoding.
	Identity string `json:"identity"`
	// Transport, URL and Command are shown by toolgate mcp list; Env and
	// Headers are not kept.
	Transport Transport `json:"transport"`
	URL       string    `json:"url,omitempty"`
	Command   []string  `json:"command,omitempty"`
	// Selected maps each tool the person selected to the fingerprint of the
	// metadata they saw.
	Selected map[string]string `json:"selected"`
	// Declined lists the tools of the reviewed listing that were not
	// selected, for the record; they are disabled like any unselected tool.
	Declined []string `json:"declined"`
	// ReviewedAt is when the review was saved.
	ReviewedAt time.Time `json:"reviewedAt"`
}

// Store keeps reviews in a folder of the user's state folder, one file a
// connection. Only a person's review, through [Store.Review], writes it:
// there is no way to create a review from a host's or a repository's
// configuration, so no configuration can make a server trusted or select
// its tools. The host opens it on the user's state folder, never on a path
// that repository configuration names.
type Store struct {
	dir string
}

// ErrNotReviewed is returned by [Store.Load] and [Store.Forget] for a
// connection without a review.
var ErrNotReviewed = errors.New("mcpreview: the connection has not been reviewed")

// Open opens the store in the folder "mcp" of the state folder stateDir,
// creating both with mode 0700 when missing. A store folder that is a
// symbolic link or not a folder is refused.
func Open(stateDir string) (*Store, error) {
	if stateDir == "" {
		return nil, invalid("the state folder is not named")
	}
	dir := filepath.Join(stateDir, "mcp")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("mcpreview: creating the store folder: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, fmt.Errorf("mcpreview: %w", err)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("mcpreview: %s is not a folder", dir)
	}
	return &Store{dir: dir}, nil
}

// Dir returns the store's folder.
func (s *Store) Dir() string { return s.dir }

func (s *Store) path(name string) string { return filepath.Join(s.dir, name+".json") }

// Review records a person's review of conn: every tool of the fresh
// listing in selected is enabled with the fingerprint of its metadata, every
// other one is declined. A selected name that the listing lacks, a listing
// that names a tool twice, or a tool whose metadata cannot be fingerprinted
// is an error and changes nothing. The previous review of the same name is
// replaced.
func (s *Store) Review(conn Connection, listing []Tool, selected []string, now time.Time) (Review, error) {
	_, identity, err := conn.Identity()
	if err != nil {
		return Review{}, err
	}
	prints, err := fingerprints(listing)
	if err != nil {
		return Review{}, err
	}
	r := Review{Version: 1, Name: conn.Name, Identity: identity, Transport: conn.Transport, URL: conn.URL,
		Command: conn.Command, Selected: map[string]string{}, Declined: []string{}, ReviewedAt: now.UTC()}
	var errs []error
	for _, name := range selected {
		fp, ok := prints[name]
		if !ok {
			errs = append(errs, invalid("select %q: the listing has no such tool", name))
			continue
		}
		r.Selected[name] = fp
	}
	if err := errors.Join(errs...); err != nil {
		return Review{}, err
	}
	for _, name := range sortedNames(prints) {
		if _, ok := r.Selected[name]; !ok {
			r.Declined = append(r.Declined, name)
		}
	}
	if err := s.save(r); err != nil {
		return Review{}, err
	}
	return r, nil
}

// fingerprints returns the fingerprint of every tool of a listing. Two
// tools whose names differ only in case, '_' or '-' make it invalid (see
// Check).
func fingerprints(listing []Tool) (map[string]string, error) {
	prints := make(map[string]string, len(listing))
	keys := make(map[string]string, len(listing))
	var errs []error
	for i, t := range listing {
		if first, dup := keys[toolmeta.CollisionKey(t.Name)]; dup {
			errs = append(errs, invalid("tools[%d]: %q is listed twice (as %q), counting names that differ only in case, '_' or '-'", i, t.Name, first))
			continue
		}
		keys[toolmeta.CollisionKey(t.Name)] = t.Name
		fp, err := t.Fingerprint()
		if err != nil {
			errs = append(errs, fmt.Errorf("tools[%d]: %w", i, err))
			continue
		}
		prints[t.Name] = fp
	}
	return prints, errors.Join(errs...)
}

// save writes r atomically: a temporary file in the store folder, written,
// synced and closed with mode 0600, renamed over the review, and the folder
// synced, so a crash leaves the old review or the new one, never a mix.
func (s *Store) save(r Review) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("mcpreview: encoding the review: %w", err)
	}
	f, err := os.CreateTemp(s.dir, ".review-*")
	if err != nil {
		return fmt.Errorf("mcpreview: %w", err)
	}
	tmp := f.Name()
	err = f.Chmod(0o600)
	if err == nil {
		_, err = f.Write(append(b, '\n'))
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, s.path(r.Name))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("mcpreview: saving the review of %s: %w", r.Name, err)
	}
	return s.syncDir()
}

// syncDir makes a rename or removal in the store folder durable
// (ownfolder.Sync).
func (s *Store) syncDir() error {
	if err := ownfolder.Sync(s.dir); err != nil {
		return fmt.Errorf("mcpreview: syncing %s: %w", s.dir, err)
	}
	return nil
}

// Load returns the review of the connection named name, or an error
// matching [ErrNotReviewed].
func (s *Store) Load(name string) (Review, error) {
	if !validName.MatchString(name) {
		return Review{}, invalid("name %q: want 1 to 64 letters, digits, '.', '_' or '-'", name)
	}
	b, err := os.ReadFile(s.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return Review{}, fmt.Errorf("%w: %s", ErrNotReviewed, name)
	}
	if err != nil {
		return Review{}, fmt.Errorf("mcpreview: %w", err)
	}
	var r Review
	if err := json.Unmarshal(b, &r); err != nil || r.Version != 1 || r.Name != name || r.Selected == nil {
		return Review{}, fmt.Errorf("mcpreview: %s: not a review this version can read", s.path(name))
	}
	return r, nil
}

// List returns every review, by name.
func (s *Store) List() ([]Review, error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("mcpreview: %w", err)
	}
	var out []Review
	var errs []error
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		r, err := s.Load(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b Review) int { return strings.Compare(a.Name, b.Name) })
	return out, errors.Join(errs...)
}

// Forget removes the review of the connection named name, which disables
// all its tools; an error matching [ErrNotReviewed] when there is none.
func (s *Store) Forget(name string) error {
	if !validName.MatchString(name) {
		return invalid("name %q: want 1 to 64 letters, digits, '.', '_' or '-'", name)
	}
	err := os.Remove(s.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNotReviewed, name)
	}
	if err != nil {
		return fmt.Errorf("mcpreview: %w", err)
	}
	return s.syncDir()
}
