package load_test

import (
	"context"
	"fmt"
	"strings"

	"searchagent/tools/catalog/load"
)

func ExampleLoad() {
	const file = `platform,handle,name,followers,country,category,tags
youtube,torquegarage,Torque Garage,48.5K,美国,汽车,car parts|汽配
instagram,glow.with.maya,Glow with Maya 💄,1.2w,Brasil,beauty,makeup
tiktok,has space,Broken Handle,10,US,comedy,
x,somebody,Negative,-5,GB,news,
`
	res, err := load.Load(context.Background(), strings.NewReader(file), "channels.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Report)
	for _, ch := range res.Channels {
		fmt.Printf("%s %s %q %d %s %s %v\n", ch.Platform, ch.URL, ch.Name, ch.Followers, ch.Country, ch.Category, ch.Tags)
	}
	for _, r := range res.Report.Rejections {
		fmt.Println(r)
	}
	// Output:
	// channels.csv (csv): read 4, accepted 2, rejected 2, warnings 0
	// youtube https://www.youtube.com/@torquegarage "Torque Garage" 48500 US automotive [car parts 汽配]
	// instagram https://www.instagram.com/glow.with.maya/ "Glow with Maya 💄" 12000 BR beauty [makeup]
	// channels.csv:4: handle: invalid handle for TikTok: "has space"
	// channels.csv:5: followers: negative count: "-5"
}
