package policy_test

import (
	"testing"

	"github.com/toolgate/toolgate/policy"
)

func TestStricterModeNeverWidens(t *testing.T) {
	for _, tc := range []struct{ a, b, want policy.Mode }{
		{policy.ModeAllow, policy.ModeAllow, policy.ModeAllow},
		{policy.ModeAllow, policy.ModeAsk, policy.ModeAsk},
		{policy.ModeAsk, policy.ModeAllow, policy.ModeAsk},
		{policy.ModeDeny, policy.ModeAsk, policy.ModeDeny},
		{policy.ModeAllow, policy.ModeDeny, policy.ModeDeny},
		{"bogus", policy.ModeAllow, policy.ModeDeny},
		{policy.ModeAllow, "bogus", policy.ModeDeny},
		{"bogus", "other", policy.ModeDeny},
		{"bogus", policy.ModeDeny, policy.ModeDeny},
	} {
		if got := policy.StricterMode(tc.a, tc.b); got != tc.want {
			t.Errorf("StricterMode(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestStricterInteractionIsAttendedOnlyWhenBothAre(t *testing.T) {
	for _, tc := range []struct{ a, b, want policy.Interaction }{
		{policy.Attended, policy.Attended, policy.Attended},
		{policy.Attended, policy.Unattended, policy.Unattended},
		{policy.Unattended, policy.Attended, policy.Unattended},
		{policy.Unattended, policy.Unattended, policy.Unattended},
		{"bogus", policy.Attended, policy.Unattended},
		{policy.Attended, "", policy.Unattended},
	} {
		if got := policy.StricterInteraction(tc.a, tc.b); got != tc.want {
			t.Errorf("StricterInteraction(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
