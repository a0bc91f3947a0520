namespace HandRolledHarness;

/// <summary>
/// One round of a doubling mark: mean and standard deviation of the per-call time (ns) over the round's timed
/// loops, their call count, and the dummy that keeps the calls alive (the note's return value, dummy / total calls).
/// </summary>
public readonly record struct MarkResult(double Mean, double StandardDeviation, int Count, double Dummy);
