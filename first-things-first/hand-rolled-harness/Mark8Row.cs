namespace HandRolledHarness;

/// <summary>One final line of mark 7 or 8: what <c>--csv</c> writes and <c>compare</c> reads (times in ns per call).</summary>
public sealed record Mark8Row(string Group, string Function, int? Size, double MeanNs, double SdevNs, int Count)
{
    /// <summary>The round of the sweep that measured the row (from 1); 0 for a sweep without rounds.</summary>
    public int Round { get; init; }

    /// <summary>
    /// One row per function and size from the rows of every round: the median of the rounds' means and standard
    /// deviations, the counts summed (what mark8.csv keeps for the charts and <c>compare</c>).
    /// </summary>
    public static IReadOnlyList<Mark8Row> Summary(IEnumerable<Mark8Row> rounds) =>
        [.. rounds.GroupBy(r => (r.Group, r.Function, r.Size)).Select(g => new Mark8Row(g.Key.Group, g.Key.Function, g.Key.Size,
            Median(g.Select(r => r.MeanNs)), Median(g.Select(r => r.SdevNs)), g.Sum(r => r.Count)))];

    private static double Median(IEnumerable<double> values)
    {
        var sorted = values.Order().ToArray();
        int mid = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    public static Mark8Row Of(NoteFunction function, int? size, MarkResult result) =>
        new(function.Group, function.Name, size, result.Mean, result.StandardDeviation, result.Count);
}
