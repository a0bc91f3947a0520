namespace HardwareCounters.Prediction;

/// <summary>A mean time with its confidence interval (NaN bounds when the run had too few iterations for one).</summary>
public readonly record struct MeanWithInterval(double Mean, double Lower, double Upper)
{
    /// <summary>True when both bounds are usable.</summary>
    public bool HasInterval => double.IsFinite(Lower) && double.IsFinite(Upper) && Lower > 0 && Upper >= Lower;
}

/// <summary>Measured means of both benchmarks at one N.</summary>
public sealed record RatioObservation(int N, MeanWithInterval Sequential, MeanWithInterval Random)
{
    /// <summary>Random / Sequential.</summary>
    public double Ratio => Random.Mean / Sequential.Mean;

    /// <summary>True when both means have intervals.</summary>
    public bool HasInterval => Sequential.HasInterval && Random.HasInterval;

    /// <summary>Smallest ratio the intervals allow (slowest sequential, fastest random).</summary>
    public double RatioLower => HasInterval ? Random.Lower / Sequential.Upper : double.NaN;

    /// <summary>Largest ratio the intervals allow.</summary>
    public double RatioUpper => HasInterval ? Random.Upper / Sequential.Lower : double.NaN;
}
