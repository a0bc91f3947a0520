namespace HardwareCounters.Prediction;

/// <summary>Verdict of the run on the prediction.</summary>
public enum PredictionVerdict
{
    /// <summary>The ratio jumped where the caches said it would (and nowhere the caches did not expect).</summary>
    Agrees,

    /// <summary>The ratio did not jump where predicted, or jumped where no jump was predicted.</summary>
    Disagrees,

    /// <summary>Not enough data (caches unknown, sizes missing).</summary>
    Inconclusive,
}

/// <summary>One step between consecutive sizes.</summary>
/// <param name="From">Smaller N.</param>
/// <param name="To">Larger N.</param>
/// <param name="Factor">ratio(To) / ratio(From).</param>
/// <param name="Significant">Factor ≥ <see cref="CachePredictor.JumpThreshold"/> and, when intervals exist, the ratio intervals do not overlap.</param>
public sealed record RatioStep(int From, int To, double Factor, bool Significant);

/// <summary>The check after the run.</summary>
public sealed record PredictionCheck(PredictionVerdict Verdict, string Message, IReadOnlyList<RatioStep> Steps);
