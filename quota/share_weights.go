package quota

// The weights of the share: coworktop's estimate, stated. No conversion
// from tokens to the account's percentage is published (cc#29721), and how
// cache reads and each model weigh against the quota is not known. So a
// reply is weighed by its API price, in units of one uncached input token
// of Sonnet: by token kind (input 1, 5-minute cache write 1.25, 1-hour
// cache write 2, cache read 0.1, output 5) and by model (Opus 5/3,
// Sonnet 1, Haiku 1/3, any other as Sonnet), fast mode 6×. Only the
// ratio between sessions is used: the share of the local usage.

// Token kind weights, per token, in uncached-input units.
const (
	WeightInput        = 1.0
	WeightCacheWrite5m = 1.25
	WeightCacheWrite1h = 2.0
	WeightCacheRead    = 0.1
	WeightOutput       = 5.0
	// WeightFast multiplies a fast-mode reply.
	WeightFast = 6.0
)

// modelWeight is the model's input price against Sonnet's.
func modelWeight(m ModelClass) float64 {
	switch m {
	case ModelOpus:
		return 5.0 / 3
	case ModelHaiku:
		return 1.0 / 3
	case ModelNone:
		return 0
	}
	return 1
}

// WeightsText states the weights, in every output that shows a share.
const WeightsText = "weights by API price: input 1, cache write 1.25 (5 min) or 2 (1 h), cache read 0.1, output 5; Opus 5/3, Sonnet 1, Haiku 1/3, other models 1; fast mode 6×"

// ShareLabel is how every output labels a share: coworktop's estimate.
const ShareLabel = "coworktop's estimate"

// Weight is the reply's weight in uncached-input units.
func (u Usage) Weight() float64 {
	t := u.Tokens
	w := float64(t.Input)*WeightInput + float64(t.CacheWrite5m)*WeightCacheWrite5m +
		float64(t.CacheWrite1h)*WeightCacheWrite1h + float64(t.CacheRead)*WeightCacheRead +
		float64(t.Output)*WeightOutput
	w *= modelWeight(u.Model)
	if u.Fast {
		w *= WeightFast
	}
	return w
}
