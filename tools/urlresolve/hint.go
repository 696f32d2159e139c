package urlresolve

import (
	"strings"

	"searchagent/tools/platform"
)

// Hint is a user-facing text in Chinese and English. The texts follow the
// business spec (seed 002, 3.5.5): short, explicit, about the current
// blocker only.
type Hint struct {
	Zh string `json:"zh"`
	En string `json:"en"`
}

// Text returns the hint in locale: Chinese for "zh" and its variants
// ("zh-CN", "zh_Hans"…), English otherwise.
func (h Hint) Text(locale string) string {
	if l := strings.ToLower(locale); l == "zh" || strings.HasPrefix(l, "zh-") || strings.HasPrefix(l, "zh_") {
		return h.Zh
	}
	return h.En
}

// ResolvingHint is the light progress text of the resolving micro-state
// (compact_resolving may show progress; the resolved states may not).
func ResolvingHint() Hint {
	return Hint{Zh: "正在识别链接…", En: "Recognising the link…"}
}

// exactHint says which channel the link was anchored to.
func exactHint(name string) Hint {
	return Hint{Zh: "已识别频道：" + name, En: "Channel recognised: " + name}
}

// mismatchHint: "平台不匹配" in spec 3.5.5.
func mismatchHint(page, link platform.Platform) Hint {
	return Hint{
		Zh: "当前在 " + page.Label("zh") + " 频道搜索页，该链接属于 " + link.Label("zh"),
		En: "You are on the " + page.Label("en") + " channel search page; this link belongs to " + link.Label("en"),
	}
}

// unsupportedHint: "类型不支持" in spec 3.5.5.
func unsupportedHint() Hint {
	return Hint{
		Zh: "当前版本不支持用该类链接起搜",
		En: "This version can't start a search from this kind of link",
	}
}

// unreadableHint: "链接不完整" in spec 3.5.5, for links that do not parse.
func unreadableHint() Hint {
	return Hint{
		Zh: "当前无法识别该链接，可直接粘贴频道主页链接或只输入频道名",
		En: "This link can't be recognised; paste the channel's home page link or just type the channel name",
	}
}

// notFoundHint: "资源失效" in spec 3.5.5, for well-formed links that match
// no channel.
func notFoundHint() Hint {
	return Hint{
		Zh: "未能识别该链接对应的频道",
		En: "Couldn't find the channel this link points to",
	}
}
