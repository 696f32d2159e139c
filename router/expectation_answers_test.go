package router

import (
	"strings"
	"testing"
)

// TestExpectationAnswers pins how a pending question or repair is
// answered: which option a typed answer picks (a label inside another
// word is not an answer), positions in and out of range, links that are
// not links, descriptions too short to use, and expectations past their
// time to live. Each row asserts the branch and command the agent acts on
// and, where nothing is answered, the reason the trace gives the auditor.
func TestExpectationAnswers(t *testing.T) {
	arts := []Choice{{ID: "art", Label: "art"}, {ID: "music", Label: "music"}, {ID: "food", Label: "food"}}
	countries := []Choice{{ID: "US", Label: "美国"}, {ID: "GB", Label: "英国"}, {ID: "east", Label: "美国东部"}}
	choice := func(opts []Choice) []Expectation {
		return []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: opts}}
	}
	tests := []struct {
		name    string
		in      Input
		option  string // the answer_option's option_id; "" when the expectation is not answered
		by      string
		miss    string // a substring of the trace's miss reason, when not answered
		expired bool
	}{
		{name: "label alone", in: Input{Text: "art", Turn: 2, Pending: choice(arts)}, option: "art", by: "text"},
		{name: "label first, a short word after", in: Input{Text: "art ok", Turn: 2, Pending: choice(arts)}, option: "art", by: "text"},
		{name: "label last, a short word before", in: Input{Text: "ok art", Turn: 2, Pending: choice(arts)}, option: "art", by: "text"},
		{name: "label inside a word is no answer", in: Input{Text: "smart", Turn: 2, Pending: choice(arts)}, miss: "matches no option"},
		{name: "label at a word's start is no answer", in: Input{Text: "arty", Turn: 2, Pending: choice(arts)}, miss: "matches no option"},
		{name: "two options named apart", in: Input{Text: "美国或英国", Turn: 2, Pending: choice(countries)}, miss: "names more than one option (US, GB)"},
		{name: "two options side by side", in: Input{Text: "美国英国", Turn: 2, Pending: choice(countries)}, miss: "names more than one option (US, GB)"},
		{name: "a later option named first", in: Input{Text: "英国美国", Turn: 2, Pending: choice(countries)}, miss: "names more than one option (US, GB)"},
		{name: "an option inside a longer one", in: Input{Text: "美国东部吧", Turn: 2, Pending: choice(countries)}, option: "east", by: "text"},
		{name: "an option inside a longer one listed before it", in: Input{Text: "美国东部区", Turn: 2, Pending: choice([]Choice{countries[2], countries[0]})}, option: "east", by: "text"},
		{name: "one option and a few words", in: Input{Text: "就英国吧", Turn: 2, Pending: choice(countries)}, option: "GB", by: "text"},
		{name: "first by position", in: Input{Text: "the first one", Turn: 2, Pending: choice(arts)}, option: "art", by: "position"},
		{name: "third of three by position", in: Input{Text: "第三个", Turn: 2, Pending: choice(arts)}, option: "food", by: "position"},
		{name: "last by position", in: Input{Text: "最后一个", Turn: 2, Pending: choice(arts)}, option: "food", by: "position"},
		{name: "last in English", in: Input{Text: "the last one", Turn: 2, Pending: choice(arts)}, option: "food", by: "position"},
		{name: "last that one", in: Input{Text: "最后那个", Turn: 2, Pending: choice(arts)}, option: "food", by: "position"},
		{name: "fourth of three", in: Input{Text: "第四个", Turn: 2, Pending: choice(arts)}, miss: "position 4 is out of range (3 options)"},
		{name: "zeroth", in: Input{Text: "0", Turn: 2, Pending: choice(arts)}, miss: "position 0 is out of range (3 options)"},
		{name: "question without options", in: Input{Text: "art", Turn: 2, Pending: choice(nil)}, miss: "the question has no options"},
		{name: "live until its TTL", in: Input{Text: "art", Turn: 4, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, TTL: 3, Options: arts}}}, option: "art", by: "text"},
		{name: "expired after its TTL", in: Input{Text: "art", Turn: 5, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, TTL: 3, Options: arts}}}, expired: true},
		{name: "TTL 0 lives one turn", in: Input{Text: "art", Turn: 3, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: arts}}}, expired: true},
		{name: "URL host without a dot", in: Input{Text: "https://localhost/abc", Turn: 2, Pending: []Expectation{{ID: "fix", Kind: ExpectURL, DeclaredTurn: 1}}},
			miss: `expects a URL: URL host "localhost" is not a domain`},
		{name: "no URL at all", in: Input{Text: "this one", Turn: 2, Pending: []Expectation{{ID: "fix", Kind: ExpectURL, DeclaredTurn: 1}}},
			miss: "expects a URL; the input has none"},
		{name: "one-character description", in: Input{Text: "猫", Turn: 2, Pending: []Expectation{{ID: "nl", Kind: ExpectText, DeclaredTurn: 1}}},
			miss: "expects a description; the input is too short"},
		{name: "unknown kind", in: Input{Text: "whatever", Turn: 2, Pending: []Expectation{{ID: "odd", Kind: "telepathy", DeclaredTurn: 1}}},
			miss: `unknown expectation kind "telepathy"`},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := snap.Explain(tc.in)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", tc.in.Text, err)
			}
			if tc.option != "" {
				if res.Branch != BranchExpectationHit || len(res.Commands) != 1 || res.Commands[0].Name != "answer_option" {
					t.Fatalf("Explain(%q) = %s %+v, want expectation_hit with one answer_option", tc.in.Text, res.Branch, res.Commands)
				}
				args := res.Commands[0].Args
				if args.Get("option_id") != tc.option || args.Get("by") != tc.by {
					t.Errorf("Explain(%q) answered option %v by %v, want %s by %s", tc.in.Text, args.Get("option_id"), args.Get("by"), tc.option, tc.by)
				}
				return
			}
			if res.Branch == BranchExpectationHit {
				t.Fatalf("Explain(%q) = expectation_hit %+v, want the expectation unanswered", tc.in.Text, res.Commands)
			}
			if tr.Expectation == nil {
				t.Fatalf("Explain(%q) trace has no expectation part", tc.in.Text)
			}
			if tc.expired {
				if len(tr.Expectation.Expired) != 1 || len(tr.Expectation.Misses) != 0 {
					t.Errorf("Explain(%q) expectation trace = %+v, want it expired", tc.in.Text, tr.Expectation)
				}
				return
			}
			if len(tr.Expectation.Misses) != 1 || !strings.Contains(tr.Expectation.Misses[0].Reason, tc.miss) {
				t.Errorf("Explain(%q) misses = %+v, want one saying %q", tc.in.Text, tr.Expectation.Misses, tc.miss)
			}
		})
	}
}

// TestExpectedURLPlatform pins the platform a repair's link is read as
// (the agent replaces the anchor with it) and the mismatch a link of
// another platform than the search's is reported as.
func TestExpectedURLPlatform(t *testing.T) {
	tests := []struct {
		link, platform, want string
		mismatch             bool
	}{
		{"https://www.youtube.com/@mkbhd", "", "youtube", false},
		{"https://youtu.be/abc123", "", "youtube", false},
		{"https://music.youtube.com/channel/x", "", "youtube", false},
		{"https://m.youtube.com/@mkbhd", "", "youtube", false},
		{"https://www.instagram.com/natgeo", "", "instagram", false},
		{"https://instagr.am/natgeo", "", "instagram", false},
		{"https://help.instagram.com/x", "", "instagram", false},
		{"https://www.tiktok.com/@khaby.lame", "", "tiktok", false},
		{"https://vm.tiktok.com/abc", "", "tiktok", false},
		{"https://x.com/nasa", "", "x", false},
		{"https://twitter.com/nasa", "", "x", false},
		{"https://t.co/abc", "", "x", false},
		{"https://mobile.twitter.com/nasa", "", "x", false},
		{"https://example.com/creator", "", "", false},
		{"https://notyoutube.com/x", "", "", false},
		{"https://www.youtube.com/@mkbhd", "instagram", "youtube", true},
		{"https://www.youtube.com/@mkbhd", "youtube", "youtube", false},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.link+" on "+tc.platform, func(t *testing.T) {
			in := Input{Text: tc.link, Platform: tc.platform, Turn: 2, Pending: []Expectation{{ID: "fix", Kind: ExpectURL, DeclaredTurn: 1, ActionID: "A_REPAIR_FIX_URL"}}}
			res, err := snap.Query(in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != BranchExpectationHit || len(res.Commands) != 1 || res.Commands[0].Name != "replace_anchor" {
				t.Fatalf("Query(%q) = %s %+v, want expectation_hit replace_anchor", tc.link, res.Branch, res.Commands)
			}
			args := res.Commands[0].Args
			got, _ := args.Get("platform").(string)
			if got != tc.want {
				t.Errorf("Query(%q) platform = %q, want %q", tc.link, got, tc.want)
			}
			if args.Get("action_id") != "A_REPAIR_FIX_URL" {
				t.Errorf("Query(%q) action_id = %v, want A_REPAIR_FIX_URL", tc.link, args.Get("action_id"))
			}
			if bad := res.Top.InvalidSlots["platform"]; (bad != "") != tc.mismatch {
				t.Errorf("Query(%q) on %q invalid platform = %q, want mismatch %v", tc.link, tc.platform, bad, tc.mismatch)
			}
		})
	}
}
