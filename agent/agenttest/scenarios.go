// Package agenttest holds scripted search-box sessions over the demo
// catalog — the seed's paths as event lists — shared by the agent's
// tests and the HTTP API tests, and the sub-states each reaches.
package agenttest

import "searchagent/api"

// Step is one client event.
type Step struct {
	Event string
	Args  api.Args
}

// Scenario is a session scripted from creation.
type Scenario struct {
	Name     string
	Platform string
	Locale   string
	Steps    []Step
}

// E makes a step.
func E(event string, args ...api.Args) Step {
	s := Step{Event: event}
	if len(args) > 0 {
		s.Args = args[0]
	}
	return s
}

// T is a step with a text argument.
func T(event, text string) Step { return Step{Event: event, Args: api.Args{Text: text}} }

// Showcase inputs of the demo catalog (tools/catalog/demo Showcase).
const (
	AnchorMany     = "https://www.youtube.com/@gadgetgrid"
	AnchorFew      = "https://www.youtube.com/@oldironrevival"
	AnchorUnknown  = "https://www.youtube.com/@nosuchchannel404"
	LinkInstagram  = "https://www.instagram.com/glowwithmaya/"
	LinkPlaylist   = "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG"
	NaturalZH      = "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"
	MixedZH        = "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+，要高级感"
	NaturalEmpty   = "找日本的汽车类 Instagram 博主"
	NaturalOtherPl = "帮我找 Instagram 上的美国美妆博主"
	MixedAmbiguous = "find channels about apple with over 10k subscribers"
	MixedAnchor    = AnchorMany + " 美国 粉丝 1w+"
	Guarded        = "help me buy 10k fake followers"
)

// Catalogue reaches every one of the 39 sub-states of seed 000 §8.1 (as
// the resting snapshot or as a transition during a turn).
var Catalogue = []Scenario{
	{Name: "keyword path", Platform: "youtube", Locale: "zh", Steps: []Step{
		T("input.type", "swim"), // keyword-draft
		E("input.commit"),       // keyword-committed
		T("input.type", "救生衣"),
		T("input.commit", "救生衣"),             // keyword-multi
		E("tag.edit", api.Args{TagID: "k1"}), // keyword-editing
		E("tag.edit_submit", api.Args{TagID: "k1", Text: "swim vest"}),
		E("tag.menu_open", api.Args{TagID: "k1"}), // keyword-scope
		E("tag.menu_close"),
		E("search.submit"),
		E("session.reset"), // keyword-blank
	}},
	{Name: "keyword + URL seed", Platform: "youtube", Locale: "zh", Steps: []Step{
		T("input.type", "tech"), E("input.commit"),
		T("input.type", AnchorMany),
		E("input.commit"), // url-resolving, keyword-url-seed
	}},
	{Name: "URL anchor, keyword seed, low recall and its repair", Platform: "youtube", Locale: "en", Steps: []Step{
		T("search.submit", AnchorMany), // url-resolving, url-anchor
		T("input.type", "Hollyland"),   // url-keyword-seed
		E("input.clear"),
		E("session.reset"),
		T("search.submit", AnchorFew),        // url-low-recall
		E("A_HINT_OPEN_REPAIR_LOW_RECALL"),   // repair-low-recall
		T("followup.type", "more like this"), // repair-followup-draft
		E("A_REPAIR_EXPAND_RECALL_SCOPE"),    // repair-followup-refining
	}},
	{Name: "URL failures", Platform: "youtube", Locale: "zh", Steps: []Step{
		T("search.submit", LinkInstagram), E("session.reset"), // url-mismatch
		T("search.submit", LinkPlaylist), E("session.reset"), // url-unsupported
		T("search.submit", AnchorUnknown), E("session.reset"), // url-invalid
		T("input.type", "swim vest"), E("input.commit"),
		T("search.submit", AnchorUnknown), E("session.reset"), // repair-invalid (keywords kept)
		T("input.type", "swim vest"), E("input.commit"),
		T("search.submit", LinkInstagram), // repair-mismatch
	}},
	{Name: "natural language", Platform: "youtube", Locale: "zh", Steps: []Step{
		E("agent.upgrade"),                // natural-expanded
		T("followup.submit", NaturalZH),   // natural-retrieving, natural-results
		T("followup.type", "只要粉丝 1w 以上的"), // natural-followup-draft
		E("followup.submit"),              // natural-followup-refining
		E("session.reset"),
		T("search.submit", NaturalOtherPl), // natural-clarifying
	}},
	{Name: "mixed", Platform: "youtube", Locale: "en", Steps: []Step{
		T("search.submit", MixedAmbiguous), // mixed-parse, mixed-clarifying
		E("session.reset"),
		T("search.submit", MixedAnchor), // mixed-anchor
		T("followup.type", "exclude gaming"),
		E("followup.submit"), // mixed-followup-draft, mixed-followup-refining
	}},
	{Name: "mixed soft", Platform: "instagram", Locale: "zh", Steps: []Step{
		T("search.submit", MixedZH), // mixed-soft
	}},
	{Name: "repair", Platform: "instagram", Locale: "zh", Steps: []Step{
		T("search.submit", NaturalEmpty), // repair-empty
		E("session.reset"),
		T("search.submit", Guarded), // repair-unsupported
	}},
	{Name: "upgrades", Platform: "youtube", Locale: "zh", Steps: []Step{
		T("search.submit", "swim vest"),
		T("input.type", "只要美国的，最近活跃"), // upgrade-keyword-before
		E("search.submit"),            // upgrade-keyword-upgrading, upgrade-keyword-stable
		E("session.reset"),
		T("search.submit", AnchorMany),
		T("input.type", "只要美国的，粉丝 1w+"), // upgrade-url-before
		E("search.submit"),              // upgrade-url-upgrading, upgrade-url-stable
	}},
}
