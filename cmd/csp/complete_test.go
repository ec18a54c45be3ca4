package main

import (
	"io"
	"slices"
	"testing"
)

func TestCompleter(t *testing.T) {
	s := newSession(io.Discard, io.Discard)
	s.line("var queens[1..4] in 1..4")
	c := &completer{s}
	for _, tc := range []struct {
		line string
		want []string
	}{
		{":tr", []string{"ace", "ee"}},
		{":set prop ", []string{"ac", "fc", "none"}},
		{":set order d", []string{"omwdeg"}},
		{":set values m", []string{"ax", "id", "in"}},
		{":trace ", []string{"domains", "off", "on", "piles"}},
		{":trace p", []string{"iles"}},
		{"alldiff(que", []string{"ens"}},
		{":tree ", nil},
	} {
		out, _ := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var got []string
		for _, r := range out {
			got = append(got, string(r))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q completes to %q, want %q", tc.line, got, tc.want)
		}
	}
}
