package main

import (
	"context"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policyfile"
	"github.com/toolgate/toolgate/secret"
)

// policyRedactor builds the redactor for a policy's configured secrets,
// resolved from the environment variables the policy names. A secret that
// cannot be resolved is an error: redacting less than the policy asks
// would leak it.
func policyRedactor(p *policyfile.Policy) (*audit.Redactor, error) {
	refs := make([]secret.Ref, len(p.File.Secrets))
	for i, s := range p.File.Secrets {
		refs[i] = secret.Ref{Name: s.Name, Env: s.Env}
	}
	secrets, err := secret.ResolveAll(context.Background(), secret.EnvResolver{}, refs)
	if err != nil {
		return nil, err
	}
	defer secret.ReleaseAll(secrets)
	return audit.NewRedactor(secrets...), nil
}
