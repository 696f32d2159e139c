package states

// RepairReason is the context field repair_reason (DESIGN.md): one type
// for the state machine, the contract and the rendered slots.
type RepairReason string

// Repair reasons (DESIGN.md context).
const (
	RepairNone           RepairReason = ""
	RepairURLInvalid     RepairReason = "url_invalid"
	RepairURLMismatch    RepairReason = "url_mismatch"
	RepairURLUnsupported RepairReason = "url_unsupported"
	RepairNoResults      RepairReason = "no_results"
	RepairLowRecall      RepairReason = "low_recall"
)

// IsURL reports whether the reason is a URL failure.
func (r RepairReason) IsURL() bool {
	return r == RepairURLInvalid || r == RepairURLMismatch || r == RepairURLUnsupported
}
