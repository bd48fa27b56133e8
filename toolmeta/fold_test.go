package toolmeta_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/toolgate/toolgate/toolmeta"
)

func TestArgumentsCollide(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"path", "path", true},
		{"path", "Path", true},
		{"path", "PATH", true},
		{"kind", "\u212aind", true}, // Kelvin sign
		{"script", "\u017fcript", true},
		{"file_path", "filePath", true},
		{"file_path", "file-path", true},
		{"file_path", "FILEPATH", true},
		{"path", "paths", false},
		{"path", "pat", false},
		{"path", "", false},
		{"_", "", true},
		{"a\xffb", "A\xffB", true},
		{"item", "\u0130tem", false}, // İ folds to no ASCII letter
	} {
		assert.Equal(t, tc.want, toolmeta.ArgumentsCollide(tc.a, tc.b), "%q vs %q", tc.a, tc.b)
		assert.Equal(t, tc.want, toolmeta.ArgumentsCollide(tc.b, tc.a), "%q vs %q", tc.b, tc.a)
		assert.Equal(t, tc.want, toolmeta.CollisionKey(tc.a) == toolmeta.CollisionKey(tc.b), "keys of %q and %q", tc.a, tc.b)
	}
}

func TestArgumentMetadataIsChecked(t *testing.T) {
	base := func() toolmeta.Metadata {
		return toolmeta.Metadata{Risk: toolmeta.RiskExec, CommandArgument: "command", ApprovalDefault: toolmeta.DefaultAllow,
			Source: toolmeta.SourceBuiltin}
	}
	for name, edit := range map[string]func(*toolmeta.Metadata){
		"declared arguments that collide":                func(m *toolmeta.Metadata) { m.PathArguments = []string{"file_path", "filePath"} },
		"a path argument that collides with the command": func(m *toolmeta.Metadata) { m.PathArguments = []string{"Command"} },
		"an optional command":                            func(m *toolmeta.Metadata) { m.OptionalArguments = []string{"command"} },
		"an optional argument never declared":            func(m *toolmeta.Metadata) { m.OptionalArguments = []string{"cwd"} },
		"an optional argument listed twice": func(m *toolmeta.Metadata) {
			m.WorkdirArgument, m.OptionalArguments = "cwd", []string{"cwd", "cwd"}
		},
		"an empty optional argument":           func(m *toolmeta.Metadata) { m.OptionalArguments = []string{""} },
		"a working folder that is the command": func(m *toolmeta.Metadata) { m.WorkdirArgument = "command" },
		"a working folder that is a path":      func(m *toolmeta.Metadata) { m.WorkdirArgument, m.PathArguments = "cwd", []string{"cwd"} },
		"a working folder that is the target":  func(m *toolmeta.Metadata) { m.WorkdirArgument, m.TargetArgument = "cwd", "cwd" },
		"a working folder on a tool not exec": func(m *toolmeta.Metadata) {
			m.Risk, m.CommandArgument, m.WorkdirArgument = toolmeta.RiskRead, "", "cwd"
		},
		"an exec tool with no command argument": func(m *toolmeta.Metadata) { m.CommandArgument = "" },
		"a command argument on a tool not exec": func(m *toolmeta.Metadata) { m.Risk = toolmeta.RiskWriteLocal },
	} {
		t.Run(name+" is invalid", func(t *testing.T) {
			m := base()
			edit(&m)
			assert.ErrorIs(t, m.Validate(), toolmeta.ErrInvalid)
			_, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{"t": m})
			assert.ErrorIs(t, err, toolmeta.ErrInvalid)
		})
	}
	t.Run("a valid exec tool with an optional working folder", func(t *testing.T) {
		m := base()
		m.WorkdirArgument, m.OptionalArguments = "cwd", []string{"cwd"}
		assert.NoError(t, m.Validate())
		assert.True(t, m.Declares("cwd"))
		assert.True(t, m.Optional("cwd"))
		assert.False(t, m.Optional("command"))
		assert.False(t, m.Declares("other"))
	})
}
