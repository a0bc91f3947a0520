using LabReport.Claims;

namespace LabReport;

/// <summary>
/// Turns a measured number into a verdict row by its claim's kind (the rules live in <see cref="Claims"/>, one file per
/// kind, and are printed in every report by <see cref="ClaimRules"/>).
/// </summary>
public static class Judge
{
    /// <summary>
    /// A claim on one estimate (ratio, at-least, at-most, equivalence, trivial, relative, value): <paramref name="shown"/>
    /// is the measured column; <paramref name="number"/> prints the claim's bound or band (a ratio's "×" by default).
    /// </summary>
    public static ClaimRow Estimate(PublishedClaim claim, RatioEstimate measured, string shown, Func<double, string>? number = null)
    {
        ArgumentNullException.ThrowIfNull(claim);
        number ??= x => Format.Number(x) + "×";
        if (double.IsNaN(measured.Value))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "no mean: the benchmark produced no measurement");
        }

        if (measured.HasInterval && measured.Lower <= 0 && double.IsPositiveInfinity(measured.Upper))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "a mean at or below zero: the number has no interval");
        }

        if (claim.Kind == ClaimKinds.Info)
        {
            return Info(claim, shown, "information: shown, never judged") with { Estimate = measured };
        }

        if (measured.MeasuredOnce && !measured.HasInterval)
        {
            return Row(claim, shown, Verdict.NotMeasurableHere,
                "measured once in the run: one number has no interval, and no verdict is decided without one (it would need this timing in rounds)") with { Estimate = measured };
        }

        var outcome = claim.Kind switch
        {
            ClaimKinds.Ratio => RatioRule.Judge(Rescale.Apply(claim).Value, measured),
            ClaimKinds.AtLeast => BoundRule.Judge(true, claim.Value, measured, number),
            ClaimKinds.AtMost => BoundRule.Judge(false, claim.Value, measured, number),
            ClaimKinds.Equivalence => EquivalenceRule.Judge(Sesoi(claim), measured),
            ClaimKinds.Trivial => TrivialRule.Judge(Sesoi(claim), measured),
            ClaimKinds.Relative or ClaimKinds.Value => BandRule.Judge(claim.Value, measured, number, claim.Tolerance),
            _ => throw new InvalidOperationException($"claim '{claim.Id}': kind '{claim.Kind}' is not judged on one estimate"),
        };
        string how = Rescale.Apply(claim).How;
        if (claim.Tolerance is not null && claim.ToleranceWhy is { } why)
        {
            outcome = outcome with { Note = $"{outcome.Note}; the tolerance: {why}" };
        }

        return From(claim, shown, outcome with { Note = how.Length > 0 ? $"{how}; {outcome.Note}" : outcome.Note }) with { Estimate = measured };
    }

    /// <summary>A ratio claim on a ratio estimate, shown with its interval and level, then <paramref name="detail"/>.</summary>
    public static ClaimRow Ratio(PublishedClaim claim, RatioEstimate measured, string? detail = null)
    {
        string shown = detail is null ? Interval.Ratio(measured) : $"{Interval.Ratio(measured)} — {detail}";
        return Estimate(claim, measured, shown);
    }

    /// <summary>An exact claim (a deterministic count or size); NaN: not in the run.</summary>
    public static ClaimRow Exact(PublishedClaim claim, double measured, string shown) => Exact(claim, [measured], shown);

    /// <summary>An exact claim measured in rounds, one value per round (<see cref="ExactRule.Judge(PublishedClaim, IReadOnlyList{double})"/>).</summary>
    public static ClaimRow Exact(PublishedClaim claim, IReadOnlyList<double> rounds, string shown)
    {
        ArgumentNullException.ThrowIfNull(claim);
        ArgumentNullException.ThrowIfNull(rounds);
        return rounds.Count == 0 || rounds.Any(double.IsNaN)
            ? Row(claim, shown, Verdict.NotMeasurableHere, "no value in the run")
            : From(claim, shown, ExactRule.Judge(claim, rounds)) with { Estimate = RatioEstimate.Point(rounds[0]) };
    }

    /// <summary>A shape claim on its parts.</summary>
    public static ClaimRow Shape(PublishedClaim claim, IReadOnlyList<ShapePart> parts, string shown)
    {
        ArgumentNullException.ThrowIfNull(parts);
        if (parts.Any(p => double.IsNaN(p.Estimate.Value)))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "no mean: a benchmark produced no measurement");
        }

        return From(claim, shown, ShapeRule.Judge(parts));
    }

    /// <summary>An information row: shown, never judged.</summary>
    public static ClaimRow Info(PublishedClaim claim, string shown, string note) => Row(claim, shown, Verdict.Information, note);

    /// <summary>A claim whose inputs are not in the run.</summary>
    public static ClaimRow Missing(PublishedClaim claim, string what) => Row(claim, "—", Verdict.Missing, what);

    /// <summary>A verdict decided outside the kind rules (a premise not met, one iteration), stated in <paramref name="note"/>.</summary>
    public static ClaimRow Row(PublishedClaim claim, string measured, Verdict verdict, string note)
    {
        ArgumentNullException.ThrowIfNull(claim);
        return new ClaimRow(claim.Claim, claim.Display, measured, verdict, note) { Id = claim.Id, Kind = claim.Kind };
    }

    /// <summary>A row from a kind rule's outcome.</summary>
    public static ClaimRow From(PublishedClaim claim, string measured, Outcome outcome) =>
        Row(claim, measured, outcome.Verdict, outcome.Note) with { Threshold = outcome.Threshold, Straddling = outcome.Straddling, At = outcome.At };

    private static double Sesoi(PublishedClaim claim) =>
        claim.Sesoi ?? throw new InvalidOperationException($"claim '{claim.Id}': an {claim.Kind} claim needs a sesoi in its claims.json");
}
