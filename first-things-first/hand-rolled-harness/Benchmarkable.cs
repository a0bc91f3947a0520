namespace HandRolledHarness;

/// <summary>
/// Section 5: a function with a setup step that must run before every call but must not be timed,
/// e.g. reshuffling an array the previous call sorted.
/// </summary>
public abstract class Benchmarkable
{
    public virtual void Setup()
    {
    }

    public abstract double Call(int i);
}
