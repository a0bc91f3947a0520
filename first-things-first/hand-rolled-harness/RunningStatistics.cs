namespace HandRolledHarness;

/// <summary>
/// The note's running sums: st = Σt and sst = Σt², giving mean = st/n and sdev = √((sst − mean²·n)/(n−1)).
/// </summary>
public struct RunningStatistics
{
    private double _sum;
    private double _sumOfSquares;

    public int Count { get; private set; }

    public void Add(double time)
    {
        _sum += time;
        _sumOfSquares += time * time;
        Count++;
    }

    public readonly double Mean => _sum / Count;

    /// <summary>The note's formula; rounding can push the difference slightly below zero, which would print NaN.</summary>
    public readonly double StandardDeviation => Math.Sqrt(Math.Max(0.0, (_sumOfSquares - (Mean * Mean * Count)) / (Count - 1)));
}
