// Prints the instruction-set paths this machine can run, as a CMake list, for the ctest tests
// that run the suite once per path.
#include <fanorona/instruction_set.hpp>

#include <cstdio>

int main() {
  const char* separator = "";
  for (auto set : {fanorona::InstructionSet::portable, fanorona::InstructionSet::bmi2, fanorona::InstructionSet::avx2,
                   fanorona::InstructionSet::avx512})
    if (fanorona::is_available(set)) {
      std::printf("%s%s", separator, fanorona::to_string(set));
      separator = ";";
    }
  std::printf("\n");
}
