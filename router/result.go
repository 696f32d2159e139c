package router

// Branch is the routing branch of a result. The first two stages
// short-circuit; the rules stage decides by confidence (seed 004).
type Branch string

// The branches. BranchClassified is the router's addition: the
// classifier stage turned an ambiguous or fallback result into one intent.
const (
	// BranchGuardHit: a guard spec recognised the input; the host refuses
	// it with the spec's reason and alternatives.
	BranchGuardHit Branch = "guard_hit"
	// BranchExpectationHit: the input answers an expectation the previous
	// turn declared (a clarifying option, a repair's expected URL or text).
	BranchExpectationHit Branch = "expectation_hit"
	// BranchMatched: one exclusive intent, or a set of composable refine
	// intents, passed their thresholds.
	BranchMatched Branch = "matched"
	// BranchAmbiguous: the top two candidates are within the ambiguity
	// margin at the same priority.
	BranchAmbiguous Branch = "ambiguous"
	// BranchFallback: nothing passed its threshold. A normal result, never
	// an error; without a classifier its decision refuses and says what is
	// missing.
	BranchFallback Branch = "fallback"
	// BranchClassified: the classifier picked a known intent for an
	// ambiguous or fallback input and the answer validated.
	BranchClassified Branch = "classified"
)

// Branches lists every branch in the order the stages reach them, for
// reports that tabulate by branch.
var Branches = []Branch{BranchGuardHit, BranchExpectationHit, BranchMatched, BranchAmbiguous, BranchClassified, BranchFallback}

// Candidate is one intent candidate. Slots, MissingRequiredSlots and
// InvalidSlots are filled only for the top candidate and the candidates
// that became commands.
type Candidate struct {
	ID              string            `json:"id"`
	Domain          string            `json:"domain"`
	Version         int               `json:"version"`
	Stage           Stage             `json:"stage"`
	Confidence      float64           `json:"confidence"`
	Threshold       float64           `json:"threshold"`
	Priority        int               `json:"priority"`
	Risk            Risk              `json:"risk"`
	RequiresConfirm bool              `json:"requires_confirm"`
	Composable      bool              `json:"composable"`
	Handler         string            `json:"handler,omitempty"`
	Metadata        map[string]string `json:"metadata,omitempty"`
	Slots           Slots             `json:"slots,omitempty"`
	// MissingRequiredSlots are required slots nothing filled.
	MissingRequiredSlots []string `json:"missing_required_slots,omitempty"`
	// InvalidSlots are slots that were captured but failed deterministic
	// validation (slot → reason, naming the nearest valid value when there
	// is one). A required slot that is invalid is listed here only.
	InvalidSlots map[string]string `json:"invalid_slots,omitempty"`
	// Action is the command the spec declares (its name and argument
	// template); nil for guard specs.
	Action *CommandSpec `json:"action,omitempty"`
	// Reason names the hit terms, lexicon values and patterns.
	Reason string `json:"reason"`
}

// Command is one routing instruction for the agent: a name from the
// command vocabulary (see the package doc) and typed, normalised
// arguments.
type Command struct {
	Name string `json:"name"`
	Args Args   `json:"args,omitempty"`
	// Spec is the id of the spec (or expectation) that produced it.
	Spec string `json:"spec"`
}

// Result is the outcome of Query. It is a pure function of the snapshot,
// the input and its context; the error of Query only reports system
// failures (an input over the limit, a cancelled context).
type Result struct {
	Input            string      `json:"input"`
	Branch           Branch      `json:"branch"`
	Top              *Candidate  `json:"top,omitempty"`
	Candidates       []Candidate `json:"candidates,omitempty"`
	SnapshotRevision int64       `json:"snapshot_revision"`
	// Commands expand the result into instructions: several for one input
	// when composable intents fire together, none for guard hits,
	// ambiguity and fallback.
	Commands []Command `json:"commands,omitempty"`
	// Decision is what the agent executes (seed 003 §4.3).
	Decision Decision `json:"decision"`
}
