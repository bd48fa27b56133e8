package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/internal/jsonl"
	"github.com/toolgate/toolgate/internal/ownfolder"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// evalState is the inbox `toolgate eval --state DIR` works: it parks the
// approval-required decisions of unattended calls, and lets the call of a
// record approved there through once.
type evalState struct {
	store *approval.FileStore
	inbox *approval.Inbox
}

func openEvalState(dir string, red *audit.Redactor) (*evalState, error) {
	s, err := approval.OpenFile(dir)
	if err != nil {
		return nil, err
	}
	// A parked record keeps the call's arguments only after redaction,
	// with the policy's configured secrets.
	redact := func(args map[string]any) map[string]any {
		out, _ := audit.RedactArgs(args, red)
		return out
	}
	return &evalState{store: s, inbox: approval.New(s, approval.Options{Redact: redact})}, nil
}

func (s *evalState) Close() error {
	if s == nil {
		return nil
	}
	return s.store.Close()
}

// writeDecision writes the line for call c decided d. Without a state
// folder, or for a decision that needs no parking, it is the plain line.
//
// An unattended approval-required call is matched to its record by call
// ID and approval.Record.Matches: the same tool, session, task, goal,
// agent and surface, every argument the same, and the same canonical
// targets. A call that differs in any of these (another message under a
// reused call ID, an extra argument, a path whose link now points
// elsewhere) is another request. No record:
// it is parked. An approved record that has not run: the call is allowed,
// once, through Inbox.Resume, so the record is marked started before the
// allow line is written and completed after it is flushed. Any other
// record: the engine's decision stands. The line carries the record's ID
// and state either way.
func (s *evalState) writeDecision(buf []byte, out *bufio.Writer, c *policy.Call, d *policy.Decision) ([]byte, error) {
	if s == nil || d.Verdict != policy.ApprovalRequired || d.Interaction != policy.Unattended {
		return writeDecision(buf, out, d), nil
	}
	ctx := context.Background()
	r, err := s.find(ctx, c, d)
	if err != nil {
		return buf, err
	}
	if r == nil {
		if r, err = s.inbox.Park(ctx, *c, *d, approval.Request{RequestID: c.ID}); err != nil {
			return buf, err
		}
	}
	if r.State == approval.StateResuming && r.Checkpoint == approval.CheckpointApproved {
		allow := *d
		allow.Verdict, allow.Reason, allow.Rule, allow.HumanRequired = policy.Allow, approval.ReasonInbox, "", false
		allow.Message = "approved in the inbox by " + r.Decision.By
		r, err = s.inbox.Resume(ctx, r.ID, func(_ context.Context, run approval.Run) error {
			buf = appendRecordLine(buf[:0], &allow, r.ID, approval.StateResuming, run.IdempotencyKey)
			out.Write(buf)
			return out.Flush()
		})
		return buf, err
	}
	buf = appendRecordLine(buf[:0], d, r.ID, r.State, "")
	if out.Available() < len(buf) {
		out.Flush()
	}
	out.Write(buf)
	return buf, nil
}

// find returns the latest record of the same request, expired if due.
func (s *evalState) find(ctx context.Context, c *policy.Call, d *policy.Decision) (*approval.Record, error) {
	rs, err := s.inbox.List(ctx)
	if err != nil {
		return nil, err
	}
	for i := len(rs) - 1; i >= 0; i-- {
		r := rs[i]
		if r.CallID == c.ID && r.Matches(*c, *d) {
			return r, nil
		}
	}
	return nil, nil
}

// appendRecordLine appends d's JSON line with the record's ID and state,
// and for an allowed call the idempotency key the call must carry to any
// external service, so that a retry can be recognised.
func appendRecordLine(b []byte, d *policy.Decision, id string, st approval.State, key string) []byte {
	b = jsonl.AppendDecision(b, d)
	b = append(b[:len(b)-1], `,"approvalId":`...)
	b = jsonl.AppendString(b, id)
	b = append(b, `,"approvalState":`...)
	b = jsonl.AppendString(b, string(st))
	if key != "" {
		b = append(b, `,"idempotencyKey":`...)
		b = jsonl.AppendString(b, key)
	}
	return append(b, "}\n"...)
}

// bindingKeyName is the file in a state folder holding the key of the
// digests approvals bind (policy.Config.BindingKey).
const bindingKeyName = "binding.key"

// stateBindingKey returns the state folder's binding key, made (32 random
// bytes, mode 0600, synced) the first time. A key file that is not 32
// bytes, a link in its place, or a folder others may write is refused.
func stateBindingKey(dir string) ([]byte, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := ownfolder.Check(dir); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, bindingKeyName)
	for range 2 {
		if f, err := os.OpenFile(path, os.O_RDONLY|ownfolder.NoFollow, 0); err == nil {
			key, err := io.ReadAll(io.LimitReader(f, 64))
			f.Close()
			if err != nil {
				return nil, err
			}
			if len(key) != 32 {
				return nil, fmt.Errorf("%s: %d bytes, want 32", path, len(key))
			}
			return key, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|ownfolder.NoFollow, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue // another process made it first: read theirs
		}
		if err != nil {
			return nil, err
		}
		_, err = f.Write(key)
		if serr := f.Sync(); err == nil {
			err = serr
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = ownfolder.Sync(dir)
		}
		if err != nil {
			os.Remove(path)
			return nil, err
		}
		return key, nil
	}
	return nil, fmt.Errorf("%s: made and removed while it was read", path)
}

// stateFlag opens the state folder of eval's --state flag; nil for none.
func stateFlag(dir string, p *policyfile.Policy) (*evalState, error) {
	if dir == "" {
		return nil, nil
	}
	red, err := policyRedactor(p)
	if err != nil {
		return nil, err
	}
	return openEvalState(dir, red)
}

// evalStream decides every line of r with no state folder.
func evalStream(e evaluator, r io.Reader, out *bufio.Writer) error {
	return evalStreamState(e, nil, r, out)
}
