using System.Globalization;

namespace LabReport;

/// <summary>Applies the rules of <see cref="Verdicts.Rules"/> to one measured number.</summary>
public static class Judge
{
    /// <summary>A ratio claim ("ratio": the post saw a difference; "same": it saw none).</summary>
    public static ClaimRow Ratio(PublishedClaim claim, RatioEstimate measured, string? detail = null)
    {
        ArgumentNullException.ThrowIfNull(claim);
        string shown = detail is null ? measured.ToString() : $"{measured} — {detail}";
        if (double.IsNaN(measured.Value))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "no mean: the benchmark produced no measurement");
        }

        if (measured.HasInterval && !measured.IsBounded)
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "a mean at or below zero: the ratio has no interval");
        }

        if (claim.Kind == "same")
        {
            bool includesOne = measured.HasInterval ? measured.Lower <= 1 && measured.Upper >= 1 : false;
            bool withinSesoi = Math.Abs(measured.Value - 1) <= Verdicts.Sesoi;
            return includesOne || withinSesoi
                ? Row(claim, shown, Verdict.Reproduced, includesOne ? "interval includes 1: no resolved difference" : $"within {Verdicts.Sesoi * 100:0}% of 1")
                : Row(claim, shown, Verdict.NotReproduced, measured.HasInterval ? "interval excludes 1: a resolved difference" : $"more than {Verdicts.Sesoi * 100:0}% from 1");
        }

        bool postAbove = claim.Value > 1;
        if (measured.HasInterval && measured.Lower <= 1 && measured.Upper >= 1)
        {
            return Row(claim, shown, Verdict.NotReproduced, "unresolved: the interval includes 1");
        }

        bool hereAbove = measured.Value > 1;
        if (hereAbove != postAbove)
        {
            return Row(claim, shown, Verdict.NotReproduced, "the other direction");
        }

        double factor = Math.Max(measured.Value / claim.Value, claim.Value / measured.Value);
        string how = $"{factor.ToString("0.0", CultureInfo.InvariantCulture)}× from the post's";
        return factor <= Verdicts.MagnitudeFactor
            ? Row(claim, shown, Verdict.Reproduced, $"same direction, {how}")
            : Row(claim, shown, Verdict.DirectionOnly, $"same direction, {how}");
    }

    /// <summary>An absolute value claim (within 2×) or a count (exact).</summary>
    public static ClaimRow Value(PublishedClaim claim, double measured, string shown)
    {
        ArgumentNullException.ThrowIfNull(claim);
        if (double.IsNaN(measured))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "no value in the run");
        }

        if (claim.Kind == "count")
        {
            return measured == claim.Value
                ? Row(claim, shown, Verdict.Reproduced, "exact")
                : Row(claim, shown, Verdict.NotReproduced, "a count must match exactly");
        }

        double factor = Math.Max(measured / claim.Value, claim.Value / measured);
        string how = $"{factor.ToString("0.0", CultureInfo.InvariantCulture)}× from the post's";
        return factor <= Verdicts.MagnitudeFactor ? Row(claim, shown, Verdict.Reproduced, how) : Row(claim, shown, Verdict.NotReproduced, how);
    }

    /// <summary>
    /// A target ("at-most", "at-least", or "within" the claim's tolerance of 1): met or not by the point estimate
    /// <paramref name="value"/>; the note says whether the interval [<paramref name="lower"/>; <paramref name="upper"/>]
    /// (NaN: none) lies entirely on that side. <paramref name="shown"/> is the measured column.
    /// </summary>
    public static ClaimRow Target(PublishedClaim claim, double value, double lower, double upper, string shown)
    {
        ArgumentNullException.ThrowIfNull(claim);
        if (double.IsNaN(value))
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "no mean: the benchmark produced no measurement");
        }

        // Targets are on positive quantities (time ratios, rates): a mean at or below zero leaves nothing to compare.
        if (value <= 0 || lower <= 0)
        {
            return Row(claim, shown, Verdict.NotMeasurableHere, "a mean at or below zero: nothing to hold against the target");
        }

        bool Meets(double x) => claim.Kind switch
        {
            "at-most" => x <= claim.Value,
            "at-least" => x >= claim.Value,
            "within" => x >= 1 - claim.Value && x <= 1 + claim.Value, // not |x - 1| ≤ tolerance: 1.1 - 1 > 0.1 in doubles
            _ => throw new InvalidOperationException($"claim '{claim.Id}': kind '{claim.Kind}' is not a target"),
        };

        bool met = Meets(value);
        string outcome = met ? "met" : "not met";
        if (double.IsNaN(lower) || double.IsNaN(upper))
        {
            return Row(claim, shown, met ? Verdict.Reproduced : Verdict.NotReproduced, $"{outcome} (no interval to tell how firmly)");
        }

        // The interval is on one side when both its ends are: for "within", both inside the band or both outside on the same side.
        bool firm = claim.Kind == "within" && !met
            ? (lower > 1 + claim.Value || upper < 1 - claim.Value)
            : Meets(lower) == met && Meets(upper) == met;
        string how = firm
            ? $"{outcome}, interval entirely {(met ? "within" : "outside")} the target"
            : $"{outcome} by the mean; the interval crosses the target";
        return Row(claim, shown, met ? Verdict.Reproduced : Verdict.NotReproduced, how);
    }

    /// <summary>A claim whose inputs are not in the run.</summary>
    public static ClaimRow Missing(PublishedClaim claim, string what)
    {
        ArgumentNullException.ThrowIfNull(claim);
        return Row(claim, "—", Verdict.Missing, what);
    }

    /// <summary>A verdict decided by a claim-specific rule (stated in <paramref name="note"/>).</summary>
    public static ClaimRow Row(PublishedClaim claim, string measured, Verdict verdict, string note)
    {
        ArgumentNullException.ThrowIfNull(claim);
        return new ClaimRow(claim.Claim, claim.Display, measured, verdict, note);
    }
}
