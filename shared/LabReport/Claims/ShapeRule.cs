namespace LabReport.Claims;

/// <summary>One part of a shape: a ratio that must lie above (or below) a threshold, 1 unless stated.</summary>
/// <param name="Label">What the part is ("8M over 1M").</param>
/// <param name="Estimate">The ratio measured.</param>
/// <param name="Above">True when the shape needs it above its threshold.</param>
/// <param name="Threshold">The ratio the part must clear (1: a direction; above 1: a jump of at least that size).</param>
public sealed record ShapePart(string Label, RatioEstimate Estimate, bool Above, double Threshold = 1);

/// <summary>A shape claim ("the ratio jumps between 1M and 8M and does not snap back"): every part on its side of 1.</summary>
public static class ShapeRule
{
    /// <summary>The rule as the report prints it.</summary>
    public const string Text =
        "**shape** (the post's shape, not its numbers: \"jumps between these sizes\", \"wins at 1 thread and loses under contention\"): " +
        "each part is a ratio that must lie on a stated side of 1, or of a stated size where the post's words give one (\"jumps\": at least " +
        "half the post's jump on a log scale). *reproduced* = every part's interval lies on its side; " +
        "*not reproduced* = a part lies entirely on the other side; *borderline* = no part is against the shape but one straddles its threshold.";

    /// <summary>Judges the parts.</summary>
    public static Outcome Judge(IReadOnlyList<ShapePart> parts)
    {
        ArgumentNullException.ThrowIfNull(parts);
        string Part(ShapePart p) => $"{p.Label} {Interval.Range(p.Estimate)}";
        string Edge(ShapePart p) => p.Threshold == 1 ? "1" : $"{RatioEstimate.Format(p.Threshold)}×";
        var against = parts.Where(p => p.Above ? Interval.Below(p.Estimate, p.Threshold) : Interval.Above(p.Estimate, p.Threshold)).ToList();
        if (against.Count > 0)
        {
            return Outcome.NotReproduced($"against the shape: {string.Join("; ", against.Select(p => $"{Part(p)} should be {(p.Above ? "above" : "below")} {Edge(p)}"))}");
        }

        var open = parts.Where(p => !Interval.Above(p.Estimate, p.Threshold) && !Interval.Below(p.Estimate, p.Threshold)).ToList();
        if (open.Count > 0)
        {
            // The part that needs the most rounds decides what deciding the shape costs: the one whose centre is nearest its threshold.
            var hardest = open.MinBy(p => Math.Abs((double.IsFinite(p.Estimate.LogMean) ? p.Estimate.LogMean : Math.Log(p.Estimate.Value)) - Math.Log(p.Threshold)))!;
            string edges = open.All(p => p.Threshold == 1) ? "1" : string.Join(", ", open.Select(Edge).Distinct());
            return Outcome.Borderline($"{string.Join("; ", open.Select(Part))} straddle{(open.Count == 1 ? "s" : "")} {edges}", $"{edges} ({string.Join(", ", open.Select(p => p.Label))})",
                hardest.Estimate, hardest.Threshold);
        }

        string sides = parts.All(p => p.Threshold == 1) ? "1" : "its threshold";
        return Outcome.Reproduced($"every part on its side of {sides}: {string.Join("; ", parts.Select(Part))}");
    }
}
