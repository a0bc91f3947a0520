namespace HandRolledHarness;

/// <summary>One final line of mark 7 or 8: what <c>--csv</c> writes and <c>compare</c> reads (times in ns per call).</summary>
public sealed record Mark8Row(string Group, string Function, int? Size, double MeanNs, double SdevNs, int Count)
{
    public static Mark8Row Of(NoteFunction function, int? size, MarkResult result) =>
        new(function.Group, function.Name, size, result.Mean, result.StandardDeviation, result.Count);
}
