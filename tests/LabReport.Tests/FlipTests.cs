using HardwareCounters.Claims;
using LabReport.Claims;
using LabReport.RunFiles;
using WhyBenchmarksLie.Claims;

namespace LabReport.Tests;

/// <summary>
/// No claim can only pass: for every entry of every claims.json, the judge is given synthetic numbers twice, once on the
/// claim's side of its rule (reproduced) and once past its threshold (not reproduced). An information entry must never be
/// judged. A new kind, or a shape without its parts here, fails the test until it has a flip.
/// </summary>
public class FlipTests
{
    private static readonly PublishedNumbers Numbers = PublishedNumbers.LoadDefault();

    public static TheoryData<string, string> Claims()
    {
        var data = new TheoryData<string, string>();
        foreach (var post in Numbers.Posts)
        {
            foreach (var claim in post.Claims)
            {
                data.Add(post.Post, claim.Id);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Claims))]
    public void Every_claim_holds_on_its_side_and_fails_past_its_threshold(string post, string id)
    {
        var claim = Numbers.For(post).Claim(id);
        var (holds, fails) = Flip(claim);
        holds.Should().Be(claim.Kind == ClaimKinds.Info ? Verdict.Information : Verdict.Reproduced, $"{id} ({claim.Kind}) on its side of the rule");
        fails.Should().Be(claim.Kind == ClaimKinds.Info ? Verdict.Information : Verdict.NotReproduced, $"{id} ({claim.Kind}) past its threshold");
    }

    [Fact]
    public void Every_kind_in_use_has_a_flip_and_most_claims_are_judged()
    {
        var claims = Numbers.Posts.SelectMany(p => p.Claims).ToList();
        claims.Select(c => c.Kind).Distinct().Should().OnlyContain(k => ClaimKinds.All.Contains(k));
        claims.Count(c => c.Kind != ClaimKinds.Info).Should().BeGreaterThan(claims.Count / 2, "information rows are the exception");
    }

    [Fact]
    public void A_half_snap_back_at_64M_no_longer_passes_for_the_cliff()
    {
        var claim = Numbers.For("hardware-counters").Claim("cliff");
        // The post's jump from 1M to 8M, then 64M falling back more than half of it (×1.516 then ×0.75: 1.14× the 1M ratio).
        var parts = HardwareCountersSection.CliffParts(claim.Value, Narrow(1.516), Narrow(1.516 * 0.75), Narrow(0.75));
        ShapeRule.Judge(parts).Verdict.Should().Be(Verdict.NotReproduced);
        // A mild rise (×1.1) is not the cliff either.
        ShapeRule.Judge(HardwareCountersSection.CliffParts(claim.Value, Narrow(1.1), Narrow(1.1), Narrow(1))).Verdict.Should().Be(Verdict.NotReproduced);
    }

    [Fact]
    public void A_band_with_a_tolerance_is_that_wide_not_two_fold()
    {
        var claim = Numbers.For("coordinated-omission").Claim("open-p90");
        claim.Tolerance.Should().Be(0.05);
        claim.ToleranceWhy.Should().NotBeNullOrWhiteSpace();
        Judge.Estimate(claim, RatioEstimate.Point(claim.Value * 1.04), "").Verdict.Should().Be(Verdict.Reproduced);
        Judge.Estimate(claim, RatioEstimate.Point(claim.Value * 1.06), "").Verdict.Should().Be(Verdict.NotReproduced, "±5%, not ×/÷2");
    }

    [Fact]
    public void A_tolerance_band_straddled_is_borderline_at_its_edge()
    {
        var outcome = BandRule.Judge(100, new RatioEstimate(104, 103, 106, true), x => Format.Number(x), tolerance: 0.05);
        outcome.Verdict.Should().Be(Verdict.Borderline);
        outcome.At.Should().Be(105);
        outcome.Note.Should().Contain("±5% of the post's 100");
    }

    [Fact]
    public void A_shape_part_with_a_threshold_is_judged_against_it_not_against_1()
    {
        // 1.15× is above 1 but below the cliff's ×1.23: against the shape; straddling ×1.23: borderline there.
        var below = ShapeRule.Judge([new ShapePart("8M over 1M", Narrow(1.15), Above: true, 1.23)]);
        below.Verdict.Should().Be(Verdict.NotReproduced);
        below.Note.Should().Contain("should be above 1.23×");
        var straddling = ShapeRule.Judge([new ShapePart("8M over 1M", new RatioEstimate(1.25, 1.1, 1.4, true), Above: true, 1.23)]);
        straddling.Verdict.Should().Be(Verdict.Borderline);
        straddling.At.Should().Be(1.23);
    }

    [Fact]
    public void An_information_entry_is_shown_with_its_number_and_never_judged()
    {
        var claim = Numbers.For("why-benchmarks-lie").Claim("narrow-vs-realistic");
        var row = Judge.Estimate(claim, Narrow(61.8), "61.8×");
        row.Verdict.Should().Be(Verdict.Information);
        row.Estimate!.Value.Value.Should().Be(61.8);
    }

    // The verdicts at a number on the claim's side of its rule and at one past its threshold.
    private static (Verdict Holds, Verdict Fails) Flip(PublishedClaim claim)
    {
        double v = claim.Value;
        Verdict Estimate(double x) => Judge.Estimate(claim, Narrow(x), "").Verdict;
        switch (claim.Kind)
        {
            case ClaimKinds.Ratio:
                double post = Rescale.Apply(claim).Value;
                return (Estimate(post), Estimate(1 / post));
            case ClaimKinds.AtLeast:
                return (Estimate(v * 1.2), Estimate(v / 1.2));
            case ClaimKinds.AtMost:
                return (Estimate(v / 1.2), Estimate(v * 1.2));
            case ClaimKinds.Equivalence:
                // "No difference": it holds at 1, and not at twice its SESOI away.
                return (Estimate(1), Estimate(1 + 2 * claim.Sesoi!.Value));
            case ClaimKinds.Trivial:
                return (Judge.Estimate(claim, new RatioEstimate(1 + claim.Sesoi!.Value / 2, 1 + claim.Sesoi.Value / 4, 1 + claim.Sesoi.Value * 3 / 4, true), "").Verdict,
                    Estimate(1 + 2 * claim.Sesoi.Value));
            case ClaimKinds.Relative or ClaimKinds.Value:
                return (Estimate(v), Estimate(claim.Tolerance is double t ? v * (1 + 2 * t) : v * 3));
            case ClaimKinds.Exact:
                double step = Math.Pow(10, -claim.Decimals);
                return (Judge.Exact(claim, v, "").Verdict, Judge.Exact(claim, v + step, "").Verdict);
            case ClaimKinds.Unresolved:
                // The post's "CIs overlap": two means 3% apart whose 99.9% intervals overlap, then the same means with intervals 10× narrower.
                return (UnresolvedRule.Judge([Pair(v, 0.05)])!.Value.Verdict, UnresolvedRule.Judge([Pair(v, 0.005)])!.Value.Verdict);
            case ClaimKinds.Shape:
                var (on, off) = ShapeParts(claim);
                return (ShapeRule.Judge(on).Verdict, ShapeRule.Judge(off).Verdict);
            case ClaimKinds.Info:
                return (Estimate(v), Estimate(v * 100));
            default:
                throw new InvalidOperationException($"{claim.Id}: no flip for the kind '{claim.Kind}'");
        }
    }

    // A shape's parts at the post's numbers and with one part turned the other way; a shape without a case here fails.
    private static (IReadOnlyList<ShapePart> Holds, IReadOnlyList<ShapePart> Fails) ShapeParts(PublishedClaim claim) => claim.Id switch
    {
        // The post's 12.88× → 19.53× → 19.45×; then a ratio that does not jump (12.88× → 13.5× → 13.5×).
        "cliff" => (HardwareCountersSection.CliffParts(claim.Value, Narrow(19.53 / 12.88), Narrow(19.45 / 12.88), Narrow(19.45 / 19.53)),
            HardwareCountersSection.CliffParts(claim.Value, Narrow(13.5 / 12.88), Narrow(13.5 / 12.88), Narrow(1))),
        // The post's 0.39× at one thread and 2.9× contended; then Lock still ahead under contention (0.5×).
        "narrow-crossover" => (WhyBenchmarksLieSection.CrossoverParts(Narrow(10.4 / 26.5), Narrow(claim.Value), 4),
            WhyBenchmarksLieSection.CrossoverParts(Narrow(10.4 / 26.5), Narrow(0.5), 4)),
        _ => throw new InvalidOperationException($"{claim.Id}: a shape needs its parts in FlipTests"),
    };

    // An estimate with a 99.9% interval of ±0.5% around x: decided, and on the side of any threshold it is 1% or more from.
    private static RatioEstimate Narrow(double x) => new(x, x * 0.995, x * 1.005, true) { LogMean = Math.Log(x) };

    // Two results whose means are `ratio` apart, each with an error of `relativeError` of its mean.
    private static (BenchmarkResult A, BenchmarkResult B) Pair(double ratio, double relativeError)
    {
        BenchmarkResult Result(string method, double mean) => new("C", method, new Dictionary<string, string>(), mean, mean * relativeError, mean * relativeError / 3,
            15, null, new Dictionary<string, string>(), "synthetic");
        return (Result("B", 100 * ratio), Result("A", 100));
    }
}
