package approval

import (
	"context"
	"time"

	"github.com/toolgate/toolgate/policy"
)

// Store keeps approval records and standing approvals. It is small enough
// to implement over any database: five record operations, four for
// standing approvals. Package approvaltest checks an implementation.
//
// Every method is safe for concurrent use, and a write that returns nil is
// durable as far as the store promises durability (the memory store keeps
// nothing across a restart; the file store fsyncs). Records handed in and
// out are copies: a store never keeps or shares a caller's memory.
type Store interface {
	// Create stores a new record. Its Revision must be 1. A record with
	// the same ID is ErrExists.
	Create(ctx context.Context, r *Record) error
	// Get returns the record with the given ID, or ErrNotFound.
	Get(ctx context.Context, id string) (*Record, error)
	// Update replaces a record by compare-and-set: the stored record must
	// be at revision r.Revision-1 (else ErrConflict) and the change must
	// pass CheckTransition. Of two updates based on one revision at most
	// one succeeds, whichever host makes them.
	Update(ctx context.Context, r *Record) error
	// List returns every record, ordered by Created and then ID.
	List(ctx context.Context) ([]*Record, error)
	// SessionApproval returns the ID of a record approved with
	// ScopeSession for this session and binding, if any.
	SessionApproval(ctx context.Context, session string, b policy.Binding) (id string, ok bool, err error)

	// PutStanding stores a standing approval; an ID in use is ErrExists.
	// Eligibility is the caller's business (Inbox.AddStanding checks it).
	PutStanding(ctx context.Context, s Standing) error
	// RevokeStanding removes the standing approval with the ID, or
	// returns ErrNotFound.
	RevokeStanding(ctx context.Context, id string) error
	// Standing finds the standing approval of the task for this exact
	// tool and target.
	Standing(ctx context.Context, task, tool, target string) (s Standing, ok bool, err error)
	// ListStanding returns every standing approval, ordered by ID.
	ListStanding(ctx context.Context) ([]Standing, error)

	// Close releases the store. Later calls return ErrClosed.
	Close() error
}

// Standing is a durable standing approval: one task or automation may call
// one external tool on one exact target without asking. See
// docs/security-model.md, "Approvals".
type Standing struct {
	policy.StandingApproval
	// By names who created it and Created when.
	By      string    `json:"by,omitempty"`
	Created time.Time `json:"created"`
}
