package embed

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTextCoverage(t *testing.T) {
	cases := []struct {
		name, text string
		want       Coverage
	}{
		{"name only", "Name: MrBeast", Coverage{Fields: []string{"Name"}}},
		{"labels only", "Category: 汽车 Automotive\nTags: tuning, restoration\nName: Garage Joe", Coverage{Fields: []string{"Category", "Tags", "Name"}, Content: 5, Labels: 5}},
		{"labels and text", "Tags: tuning\nName: Garage Joe\nDescription: brake pads and oil\nRecent titles: turbo swap",
			Coverage{Fields: []string{"Tags", "Name", "Description", "Recent titles"}, Content: 6, Labels: 1}},
		{"unlabelled text", "brake pads", Coverage{Fields: []string{"Text"}, Content: 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, TextCoverage(tc.text)); diff != "" {
				t.Errorf("TextCoverage(%q) mismatch (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}
