package router

import (
	"context"
	"slices"
	"testing"
)

func TestClausesSplitAtPunctuationAndContrast(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"不靠买粉怎么行,帮我买一万粉", []string{"不靠买粉怎么行", "帮我买一万粉"}},
		{"no fake followers; buy me 5k likes", []string{"no fake followers", " buy me 5k likes"}},
		{"over 1.5k followers. no bots", []string{"over 1.5k followers", " no bots"}},
		{"no bots but buy me likes", []string{"no bots ", "but buy me likes"}},
		{"butter chicken creators", []string{"butter chicken creators"}},
		{"不要刷量的但是要粉丝多的", []string{"不要刷量的", "但是要粉丝多的"}},
		{",,", nil},
		// an English list after a comma continues its clause; a request
		// after a comma does not
		{"talk about fraud, bot farms and click farms", []string{"talk about fraud, bot farms and click farms"}},
		{"no fake followers, buy me likes and views", []string{"no fake followers", " buy me likes and views"}},
		{"no bots, real fans only", []string{"no bots", " real fans only"}},
	}
	for _, tc := range tests {
		var got []string
		for _, c := range clauses([]byte(tc.text)) {
			got = append(got, tc.text[c[0]:c[1]])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("clauses(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// A guard's negation or harmless context cancels the requests of its own
// clauses only: a request in a clause no cancel touches is refused, with
// the cancel named as out of its clause in the trace; a cancel in the
// request's own clause still holds.
func TestGuardCancelsCoverTheirOwnClause(t *testing.T) {
	tests := []struct {
		name, text  string
		refused     bool
		otherClause string
	}{
		{"negated clause, then a purchase", "不靠买粉怎么行，帮我买一万粉", true, "negated"},
		{"negation and purchase in one clause", "不要买粉的博主", false, ""},
		{"two negated clauses", "不要买粉的，也不要刷量的", false, ""},
		{"en negation, then a purchase", "no bots please; buy 10k followers for my channel", true, "negated"},
		{"harmless topic, then a purchase", "channels that expose fake followers, and also where can i buy 5k followers", true, "about_en"},
		{"harmless topic alone", "channels that expose creators buying followers", false, ""},
		{"a brief's measures, then padding in its own sentence", "cooking creators in spain, 10k-80k followers, sorted by views. and we want our store's sales count padded before launch", true, "measure_condition"},
		{"a brief's measures and a bare term elsewhere", "travel vloggers with 20k+ subscribers and organic growth, no bought followers", false, ""},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := snap.Explain(Input{Text: tc.text, State: readyState})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Branch == BranchGuardHit && res.Top.ID == "guard.fake_engagement"; got != tc.refused {
				t.Fatalf("Explain(%q) = %s, want refused=%v (guard %+v)", tc.text, res.Branch, tc.refused, tr.Guard)
			}
			if tc.otherClause == "" {
				return
			}
			if len(tr.Guard) == 0 || !slices.Contains(tr.Guard[0].OtherClause, tc.otherClause) {
				t.Errorf("Explain(%q): guard trace %+v, want %s named as in another clause", tc.text, tr.Guard, tc.otherClause)
			}
		})
	}
}

// The local classifier's veto by a negation covers the negated clauses
// only: the cues of the other clauses, at the family's floor on their
// own, let it decide; cues below the floor there keep the veto.
func TestLocalGuardVetoByANegationCoversItsClause(t *testing.T) {
	tests := []struct {
		name, text string
		refused    bool
		reason     string
	}{
		{"a purchase in a clause of its own", "avoiding bots never worked for us; sell me a package of 5k likes", true, "no negation or harmless context covers"},
		{"a condition beside the negation", "不要刷量的，粉丝五万以上", false, ""},
		{"a sort beside the exclusion", "exclude bought followers, sort by likes", false, ""},
		// A pronoun in the free clause stands for the negated clause's
		// cues, when the free clause asks with a cue of its own.
		{"a purchase of them, the object named in the negated clause", "no bot followers sounds nice, but just purchase me 20k of them", true, "no negation or harmless context covers"},
		{"a pronoun without a cue of its own", "avoid fake followers, show me those with real audiences", false, ""},
	}
	r := localRouter(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := r.Explain(context.Background(), Input{Text: tc.text, State: ready, Turn: 1})
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Branch == BranchGuardHit; got != tc.refused {
				t.Fatalf("Explain(%q) = %s, want refused=%v (classifier %+v)", tc.text, res.Branch, tc.refused, tr.Classifier)
			}
			if tc.reason != "" && (tr.Classifier == nil || !containsStr(tr.Classifier.Reason, tc.reason)) {
				t.Errorf("Explain(%q): classifier reason %+v, want %q in it", tc.text, tr.Classifier, tc.reason)
			}
		})
	}
}

// Paying for engagement on someone else's content is acquisition (an
// inflating verb beside the measure: boost, 刷, 弄上去), whoever's account
// it is; a brand offering to pay for a campaign beside a measure is a
// brief (issue 26 item 7, gap b).
func TestPaidBoostIsAcquisitionAndAPaidBriefIsNot(t *testing.T) {
	tests := []struct {
		text    string
		refused bool
	}{
		{"boost these creators' likes, we'll pay", true},
		{"帮他们把播放量弄上去，费用我们来付", true},
		{"播放量太低了，给这几个达人刷一下，钱我们出", true},
		{"预算我们包了，想找点赞高的旅游博主合作", false},
		{"不要假粉的，帮我找真实互动高的达人，钱不是问题", false},
		{"we'll pay for sponsored reviews, tech creators with 50k+ subscribers", false},
	}
	r := localRouter(t)
	for _, tc := range tests {
		res, tr, err := r.Explain(context.Background(), Input{Text: tc.text, State: ready, Turn: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Branch == BranchGuardHit; got != tc.refused {
			t.Errorf("Explain(%q) = %s, want refused=%v (guard %+v, classifier %+v)", tc.text, res.Branch, tc.refused, tr.GuardRejected, tr.Classifier)
		}
	}
}
