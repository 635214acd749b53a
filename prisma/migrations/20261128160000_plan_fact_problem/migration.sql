-- Problem code P501 «Площадка не обслужена по графику» (contract PROBLEM_TYPES, rule
-- packages/db/src/problems/rules/plan-fact-rules.ts; docs/TRACKING.md «Plan and fact»).
ALTER TABLE "problem" DROP CONSTRAINT "problem_code_check";
ALTER TABLE "problem" ADD CONSTRAINT "problem_code_check" CHECK ("code" IN ('P000', 'P001', 'P002', 'P003', 'P004', 'P005', 'P006', 'P007', 'P008', 'P009', 'P010', 'P011', 'P012', 'P013', 'P014', 'P015', 'P016', 'P017', 'P018', 'P019', 'P020', 'P021', 'P101', 'P201', 'P301', 'P401', 'P501'));
