/*
 * A subset of CUDA C/C++: enough to find every __shared__ declaration and the index expressions
 * that use it. No semantic predicates: C's typedef ambiguities are resolved in the IR builder.
 * Section numbers refer to C11 (ISO/IEC 9899:2011). The parser is fed by our own preprocessor,
 * which maps its tokens to this vocabulary; the lexer rules below define that vocabulary and
 * serve the grammar's own tests.
 */
grammar Cuda;

options { contextSuperClass = SmallContext; }

// Top-level items are split by the facade and parsed one at a time, so one bad item is skipped alone.
topItemEof
    : topItem EOF
    ;

/**
 * An item that can only be a declaration (no '(' outside its brackets): the parser facade takes this rule
 * rather than topItem, whose alternatives all read a struct's body before they part at its end.
 */
declarationItemEof
    : templateHeader? declaration EOF
    ;

/** A lambda's body and its parameters, parsed apart from the item they are in (a lambda is tokens there). */
lambdaBodyEof
    : compoundStatement EOF
    ;

lambdaParametersEof
    : parameterList? EOF
    ;

/** An expression alone (the new size an array dimension gets from a fix). */
expressionEof
    : expression EOF
    ;

topItem
    // a member template of a class template defined outside both has two headers
    : templateHeader* functionDefinition                    #functionItem
    | templateHeader* operatorFunction                      #operatorItem
    | templateHeader? declaration                           #declarationItem
    | 'template' declaration                                #explicitInstantiation
    // "template struct ns::Functor<Gpu, int, 3>;": a class template's instance, nothing to record
    | 'extern'? 'template' ('struct' | 'class') qualifiedName templateArgs ';'   #classInstantiation
    | 'extern' 'template' (declaration | declSpecifiers pointer* qualifiedName templateArgs '(' parameterList? ')' ';')  #externTemplate
    // "template void Layer<float>::Forward(...);" instantiates a member of a class template too
    | 'template' declSpecifiers pointer* name=qualifiedName args=templateArgs?
      ('::' member=qualifiedName templateArgs?)?
      '(' parameterList? ')' functionSuffix* ';'   #functionInstantiation
    | templateHeader? 'using' Identifier attribute* '=' aliasedType ';'     #usingAlias
    // "Pi<Real>::Pi(int n) : n_(n) {}": host code, parsed so that the file around it is analyzed, not run
    // two headers for a member template of a class template: "template <class T> template <class B> M<T>::M(B b)"
    | templateHeader* declModifier* (Identifier templateArgs? '::')+ '~'? Identifier '(' parameterList? ')' functionSuffix*
      ctorInitializer? (compoundStatement | ';' | '=' ('default' | 'delete') ';')   #constructorItem
    // "M<T>::operator Ptr<T>() const { ... }": a conversion operator defined outside its class, host code, not run
    | templateHeader* declModifier* (Identifier templateArgs? '::')+ 'operator' typeName '(' ')' functionSuffix*
      (compoundStatement | ';')                             #conversionItem
    // "bool Tester::running = false;": a static data member defined outside its class, parsed, not recorded
    | templateHeader? declSpecifiers pointer* (Identifier templateArgs? '::')+ Identifier arraySuffix*
      ('=' initializer | braceInitializer)? ';'            #staticMemberDefinition
    | 'namespace' Identifier '=' qualifiedName ';'          #namespaceAlias
    | 'using' 'namespace'? qualifiedName ';'                #usingNamespace
    | 'static_assert' '(' expressionList ')' ';'            #staticAssertItem
    | ';'                                                   #emptyItem
    ;

// what "using X = ..." names: a type, an array type ("float[32]"), a function type ("CUresult(ArgTs...)")
aliasedType
    : typeName (function='(' parameterList? ')')? arraySuffix*
    ;

templateHeader
    : 'template' '<' (templateParam (',' templateParam)*)? '>'
    ;

templateParam
    : templateHeader? ('typename' | 'class') pack='...'? name=Identifier? ('=' typeName)?   #typeTemplateParam
    | declSpecifiers pointer* name=Identifier? ('=' expression)?   #valueTemplateParam
    // "float (*op)(float, float)", and "void Create(Handle*)", a function type that is a pointer as a parameter; a
    // pointer to a member function, "bool (Op::*)(T a) const" (CUB's SFINAE probes)
    | declSpecifiers pointer* ('(' (Identifier '::')* '*' name=Identifier? ')' | name=Identifier) '(' parameterList? ')'
      functionSuffix* ('=' expression)?   #functionTemplateParam
    | declSpecifiers '...' name=Identifier?                     #valuePackTemplateParam
    ;

foldOperator
    : '+' | '*' | '&&' | '||' | '&' | '|' | '^' | ','
    ;

// 6.9.1
functionDefinition
    : declSpecifiers pointer* name=qualifiedName (classArgs=templateArgs '::' member=qualifiedName)?
      specialization=templateArgs? '(' parameterList? ')' functionSuffix*
      (body=compoundStatement | ';' | '=' ('default' | 'delete' | Identifier | IntegerLiteral) ';')
    ;

// An overloaded operator: parsed so that it never derails the class or file around it, not analyzed.
operatorFunction
    : declSpecifiers pointer* (qualifiedName templateArgs? '::')? 'operator' operatorSymbol '(' parameterList? ')' functionSuffix*
      (compoundStatement | ';' | '=' ('default' | 'delete' | Identifier | IntegerLiteral) ';')
    ;

operatorSymbol
    : '[' ']' | '(' ')' | '+' | '-' | '*' | '/' | '%' | '^' | '&' | '|' | '~' | '!' | '=' | '<' | '>' | '<=' | '>='
    | '==' | '!=' | '&&' | '||' | '++' | '--' | '+=' | '-=' | '*=' | '/=' | '%=' | '^=' | '&=' | '|=' | '<<'
    | '>' '>' | '<<=' | '>>=' | ',' | '->' | 'new' ('[' ']')? | 'delete' ('[' ']')?
    | StringLiteral Identifier?                                 // a literal operator: operator "" _json, operator""_j
    ;

functionSuffix
    : 'const' | 'noexcept' ('(' expression ')')? | 'override' | 'final' | attribute
    | 'throw' '(' (typeName (',' typeName)*)? ')'                // a dynamic exception specification, pre-C++17
    | '->' typeName                                             // a trailing return type
    ;

parameterList
    : parameter (',' parameter)* (',' '...')?
    | 'void'
    | '...'
    ;

parameter
    : declSpecifiers pointer* '...'? (name=Identifier? arraySuffix* | (parenDeclarator | abstractParenDeclarator) arraySuffix+
      | alone=parenDeclarator                                           // "float (*o_frag)": a pointer in parentheses
      | (parenDeclarator | abstractParenDeclarator) '(' functionParams=parameterList? ')')
      ('=' (expression | braceInitializer))?
    ;

// 6.7
declaration
    : declSpecifiers (initDeclarator (',' initDeclarator)*)? ';'
    ;

declSpecifiers
    : declModifier* typeSpecifier declModifier*
    ;

declModifier
    : kw=( '__shared__' | '__device__' | '__global__' | '__host__' | '__constant__' | '__managed__'
      | '__forceinline__' | '__noinline__' | '__inline__' | '__inline' | 'extern' | 'static' | 'const' | 'volatile' | '__restrict__'
      | '__restrict' | 'constexpr' | 'inline' | 'register' | 'typedef' | 'mutable' | 'thread_local' | '__extension__'
      | 'virtual' | '__grid_constant__' | '__const__' | '__const')
    | 'extern' StringLiteral
    | ('__launch_bounds__' | '__cluster_dims__' | '__maxnreg__') '(' expressionList ')'
    | alignment
    | attribute
    ;

alignment
    : '__align__' '(' expression ')'
    | 'alignas' '(' (typeName | expression) ')'
    // __attribute__((aligned(16))), what CUDA's __align__(16) stands for; another attribute with one argument is
    // matched too, and ignored
    | gnu=('__attribute__' | '__attribute') '(' '(' Identifier '(' expression ')' ')' ')'
    ;

attribute
    : ('__attribute__' | '__attribute') '(' '(' balanced* ')' ')'
    | '[' '[' attributeItem* ']' ']'
    ;

// inside [[...]]: no brackets, so that an attribute never runs past its own ']]'
attributeItem
    : '(' balanced* ')'
    | ~('(' | ')' | '[' | ']')
    ;

balanced
    : '(' balanced* ')'
    | ~('(' | ')')
    ;

// an operand of inline asm: "=r"(x), [name] "+f"(acc), "r"(y)
asmOperand
    : ('[' Identifier ']')? constraint=StringLiteral '(' expression ')'
    ;

typeSpecifier
    : builtinType+                                          #builtinTypeSpec
    | structSpecifier                                       #structTypeSpec
    | enumSpecifier                                         #enumTypeSpec
    | 'typename'? qualifiedName (templateArgs ('::' members+=Identifier)*)?   #namedTypeSpec
    // decltype(auto) too, and a member type of one: sizeof(decltype(p)::ElementType)
    | 'typename'? ('decltype' | '__typeof__' | '__typeof') '(' (expressionList | 'auto') ')' ('::' Identifier)*   #decltypeTypeSpec
    ;

builtinType
    : 'void' | 'char' | 'short' | 'int' | 'long' | 'float' | 'double' | 'signed' | 'unsigned'
    | 'bool' | 'auto'
    ;

templateArgs
    : '<' (templateArg (',' templateArg)*)? '>'
    ;

// A value is read as a templateValue first: an expression's '>' could go on past the list's end ("A<32> w;"
// as "(A < 32) > w"), and SLL prediction, blind to the list around it, would take it there and fail.
templateArg
    : typeName pack='...'?
    | templateValue pack='...'?
    | shiftExpression pack='...'?
    | typeName arraySuffix+ pack='...'?                    // "half2[8]": an index expression where both read
    | typeName '(' parameterList? ')' pack='...'?          // a function type: std::function<void(int&, bool)>
    ;

// Explicit template arguments of a call "f<T, 8>(x)": values are restricted to arithmetic so that
// "a < b && c > (d)" stays a comparison.
callTemplateArgs
    : '<' (callTemplateArg (',' callTemplateArg)*)? '>'
    ;

callTemplateArg
    : typeName arraySuffix* pack='...'?
    | templateValue pack='...'?
    ;

templateValue
    : (IntegerLiteral | CharLiteral | 'true' | 'false' | 'nullptr')          #tvLiteral
    | qualifiedName                                                         #tvName
    // "SmemLayoutV2<cs.y, cs.x, 1, 1>{}" (lmdeploy): a member of a constexpr object
    | qualifiedName ('.' members+=Identifier)+                              #tvMember
    // "tile_broadcast<Shape::dim(0), 0>(t)" (NVIDIA Warp): a constexpr function's value
    | qualifiedName callTemplateArgs? '(' (templateValue (',' templateValue)*)? ')'   #tvCall
    | '(' expression ')'                                                    #tvParen
    | 'sizeof' '(' typeName ')'                                             #tvSizeof
    | 'sizeof' '...' '(' Identifier ')'                                     #tvSizeofPack
    | ('alignof' | '__alignof__') '(' typeName ')'                          #tvAlignof
    | op=('-' | '+' | '~' | '!') operand=templateValue                      #tvUnary
    | left=templateValue op=('*' | '/' | '%') right=templateValue           #tvBinary
    | left=templateValue op=('+' | '-') right=templateValue                 #tvBinary
    | left=templateValue op='<<' right=templateValue                        #tvBinary
    | left=templateValue op='&' right=templateValue                         #tvBinary
    | left=templateValue op='^' right=templateValue                         #tvBinary
    | left=templateValue op='|' right=templateValue                         #tvBinary
    ;

// A restricted expression for template arguments: '>' would close the argument list.
shiftExpression
    : expression
    ;

structSpecifier
    // "template <> struct std::hash<Key> {...}": a specialization of another namespace's template
    : kind=('struct' | 'union' | 'class') (alignment | attribute)* ((Identifier '::')* name=Identifier)? specialization=templateArgs? 'final'? baseClause?
      ('{' memberDeclaration* '}')?
    ;

baseClause
    : ':' baseSpecifier (',' baseSpecifier)*
    ;

baseSpecifier
    : ('public' | 'private' | 'protected' | 'virtual')* qualifiedName (templateArgs ('::' Identifier templateArgs?)*)?
    ;

memberDeclaration
    : templateHeader? declaration                           #fieldMember   // a member class template too
    | templateHeader? functionDefinition                    #methodMember
    | templateHeader? operatorFunction                      #operatorMember
    | templateHeader? (declModifier | 'explicit')* 'operator' typeName '(' ')' functionSuffix* (body=compoundStatement | ';')   #conversionMember
    | templateHeader? (declModifier | 'explicit')* tilde='~'? Identifier '(' parameterList? ')' functionSuffix* ctorInitializer?
      (compoundStatement | ';' | '=' ('default' | 'delete' | Identifier | IntegerLiteral) ';')  #constructorMember
    | templateHeader? 'using' Identifier attribute* '=' aliasedType ';'   #usingMember
    // "using typename Base::iterator;", "using box_t_pod<T, D>::lower;"
    | 'using' 'typename'? '::'? (Identifier templateArgs? '::')* Identifier ';'   #usingDeclarationMember
    | ('public' | 'private' | 'protected') ':'              #accessMember
    | 'static_assert' '(' expressionList ')' ';'            #staticAssertMember
    | templateHeader? declModifier* 'friend' (('class' | 'struct') qualifiedName templateArgs? ';' | templateHeader? declaration
      | templateHeader? functionDefinition | templateHeader? operatorFunction)   #friendMember
    | ';'                                                   #emptyMember
    ;

ctorInitializer
    : ':' memberInit (',' memberInit)*
    ;

memberInit
    : qualifiedName templateArgs? ('(' argumentList? ')' | braceInitializer)
    ;

enumSpecifier
    : 'enum' ('class' | 'struct')? name=Identifier? (':' typeSpecifier)? ('{' (enumerator (',' enumerator)* ','?)? '}')?
    ;

enumerator
    : name=Identifier ('=' value=expression)?
    ;

initDeclarator
    : declarator attribute* ('=' initializer | braceInitializer | '(' ctorArgs=argumentList? ')' | '(' function='void' ')'
      | ':' bits=expression)?
    | ':' bits=expression                                   // an unnamed bit-field, "uint32_t : 16;": padding
    ;

declarator
    : pointer* name=Identifier arraySuffix*
    | pointer* parenDeclarator arraySuffix+
    | pointer* parenDeclarator '(' functionParams=parameterList? ')'     // a function pointer: "void (*f)(int)"
    ;

// "(*t)" of "float (*t)[32]" (pointer to array) or "(&t)" of "float (&t)[32][33]" (array reference); "(*f[2])" of
// "void (*f[2])(float *)" (an array of function pointers, taken as one)
parenDeclarator
    : '(' pointer+ name=Identifier arraySuffix* ')'
    ;

abstractParenDeclarator
    : '(' pointer+ ')'
    ;

pointer
    : ('*' | '&' | '&&') ('const' | 'volatile' | '__restrict__' | '__restrict')*
    ;

arraySuffix
    : '[' size=expression? ']'
    ;

initializer
    : expression
    | braceInitializer
    ;

braceInitializer
    : '{' (braceItem (',' braceItem)* ','?)? '}'
    ;

braceItem
    : ('.' Identifier)+ ('=' initializer | braceInitializer)   #designatedItem   // C++20: {.x = 1, .y = 2}
    | initializer pack='...'?                                   #plainItem     // {int(xs)...}: a pack expansion
    ;

typeName
    : declModifier* typeSpecifier declModifier* pointer* (abstractParenDeclarator arraySuffix+)?
    | declModifier* typeSpecifier declModifier* pointer* abstractParenDeclarator '(' parameterList? ')'   // function pointer
    ;

qualifiedName
    : '::'? Identifier ('::' Identifier)*
    ;

// 6.8
compoundStatement
    : '{' blockItem* '}'
    ;

blockItem
    : declaration
    | statement
    ;

// The forms of an if's condition, told apart in a rule of their own: at the ')' where they meet again, not after
// the whole statement that follows ("if (f(x))" also reads as declaring x of type f, and as if-statements the two
// forms stay apart until their ends).
ifCondition
    : cond=expressionList                                                                          #plainCondition
    // "if (auto* p = f())", "if (int n = g(); n > 0)": C++17's init-statement, a declaration as condition
    | (init=declaration | initExpr=expressionList ';')? condSpec=declSpecifiers condVar=initDeclarator   #declCondition
    | (init=declaration | initExpr=expressionList ';') cond=expressionList                        #initCondition
    // "if (auto&& [p, s] = check(a, b); p)" (lmdeploy's TM_CHECK_EQ)
    | binding=bindingDeclaration cond=expressionList                                               #bindingCondition
    ;

// C++17's structured binding: "auto [a, b] = f();"
bindingDeclaration
    : declModifier* 'auto' declModifier* ('&' | '&&')? '[' names+=Identifier (',' names+=Identifier)* ']'
      ('=' value=initializer | list=braceInitializer) ';'
    ;

statement
    : compoundStatement                                                         #blockStmt
    | 'if' 'constexpr'? '(' condition=ifCondition ')' then=statement ('else' otherwise=statement)?   #ifStmt
    | 'for' '(' rangeSpec=declSpecifiers rangeVar=declarator ':' (range=expression | rangeList=braceInitializer) ')' body=statement  #rangeForStmt
    | 'for' '(' declSpecifiers pointer* '[' Identifier (',' Identifier)* ']' ':' (range=expression | rangeList=braceInitializer) ')' body=statement  #bindingForStmt
    | 'for' '(' (init=declaration | initExpr=expressionList? ';') cond=expressionList? ';' step=expressionList? ')' body=statement  #forStmt
    // "while (auto q = __ballot_sync(m, p))": a declaration as condition, told apart at the ')'
    | 'while' '(' (cond=expressionList | condSpec=declSpecifiers condVar=initDeclarator) ')' body=statement   #whileStmt
    | 'do' body=statement 'while' '(' cond=expressionList ')' ';'               #doStmt
    // "switch (auto a = CheckAlignment(...))": the condition forms of an if
    | 'switch' '(' condition=ifCondition ')' body=statement                     #switchStmt
    | 'case' value=expression ('...' high=expression)? ':'                      #caseStmt   // GNU: case 1 ... 4:
    | 'default' ':'                                                             #defaultStmt
    | 'return' (expressionList | braceInitializer)? ';'                         #returnStmt
    | 'break' ';'                                                               #breakStmt
    | 'goto' label=Identifier ';'                                               #gotoStmt
    | label=Identifier ':'                                                      #labelStmt
    | 'continue' ';'                                                            #continueStmt
    | 'throw' expression? ';'                                                   #throwStmt
    | 'try' body=compoundStatement ('catch' '(' (parameter | '...') ')' compoundStatement)+   #tryStmt
    | ('asm' | '__asm__' | '__asm') ('volatile' | '__volatile__')? '(' template+=StringLiteral+
          ( ':' (outputs+=asmOperand (',' outputs+=asmOperand)*)? (':' (inputs+=asmOperand (',' inputs+=asmOperand)*)?)?
          | '::' (inputs+=asmOperand (',' inputs+=asmOperand)*)? ) balanced* ')' ';'     #asmOperandsStmt
    | ('asm' | '__asm__' | '__asm') ('volatile' | '__volatile__')? '(' balanced* ')' ';'   #asmStmt
    | 'static_assert' '(' expressionList ')' ';'                                #staticAssertStmt
    | 'using' ('namespace'? qualifiedName | Identifier attribute* '=' aliasedType) ';'   #usingStmt
    | 'namespace' Identifier '=' qualifiedName ';'                               #namespaceAliasStmt
    | bindingDeclaration                                                        #bindingDeclStmt
    | expressionList? ';'                                                       #exprStmt
    | attribute+ statement                                                      #attributedStmt
    ;

expressionList
    : expression (',' expression)*
    ;

// 6.5, precedence from highest to lowest
expression
    : primary                                                                   #primaryExpr
    | base=expression '[' index=expressionList ']'                              #subscriptExpr
    | callee=expression '(' args=argumentList? ')'                              #callExpr
    // before a plain member, as a template call comes before a plain name: "t.work<true>(1)" is not a comparison
    | base=expression op=('.' | '->') 'template'? member=Identifier callTemplateArgs  #memberTemplateExpr
    | base=expression op=('.' | '->') 'template'? member=Identifier             #memberExpr
    // x.operator __half(), f.operator()<true, 2>()
    | base=expression op=('.' | '->') 'template'? 'operator' (operatorSymbol callTemplateArgs? | typeSpecifier pointer*)   #memberOperatorExpr
    // "it->~value_type()": a destructor called by its name (nlohmann/json)
    | base=expression op=('.' | '->') '~' Identifier                           #destructorExpr
    // "this->Tensor<T, 2>::operator=(t)", "p->Base::f()": a member named through its class
    | base=expression op=('.' | '->') (Identifier callTemplateArgs? '::')+ ('operator' operatorSymbol | Identifier)   #qualifiedMemberExpr
    | operand=expression op=('++' | '--')                                       #postfixExpr
    | op=('++' | '--' | '+' | '-' | '!' | '~' | '*' | '&') operand=expression   #unaryExpr
    | '::'? 'delete' ('[' ']')? operand=expression                             #deleteExpr
    | 'sizeof' '(' typeName ')'                                                 #sizeofTypeExpr
    | 'sizeof' operand=expression                                               #sizeofExpr
    | ('alignof' | '__alignof__') '(' typeName ')'                              #alignofExpr
    | '(' typeName ')' braceInitializer                                         #compoundLiteralExpr   // C99: (float2){a, b}
    | '(' typeName ')' operand=expression                                       #castExpr
    | left=expression op=('*' | '/' | '%') right=expression                     #mulExpr
    | left=expression op=('+' | '-') right=expression                           #addExpr
    | left=expression (op='<<' | op='>' '>') right=expression                   #shiftExpr
    | left=expression op=('<' | '>' | '<=' | '>=') right=expression             #relExpr
    | left=expression op=('==' | '!=') right=expression                         #eqExpr
    | left=expression op='&' right=expression                                   #bitAndExpr
    | left=expression op='^' right=expression                                   #bitXorExpr
    | left=expression op='|' right=expression                                   #bitOrExpr
    | left=expression op='&&' right=expression                                  #logAndExpr
    | left=expression op='||' right=expression                                  #logOrExpr
    | <assoc=right> cond=expression '?' then=expression ':' otherwise=expression    #ternaryExpr
    | <assoc=right> left=expression op=('=' | '+=' | '-=' | '*=' | '/=' | '%=' | '<<=' | '>>=' | '&=' | '^=' | '|=') right=initializer  #assignExpr
    ;

argumentList
    : initializer '...'? (',' initializer '...'?)*
    ;

primary
    : IntegerLiteral                                                            #intLiteral
    | FloatingLiteral                                                           #floatLiteral
    | CharLiteral                                                               #charLiteral
    | StringLiteral+                                                            #stringLiteral
    | ('true' | 'false' | 'nullptr')                                            #keywordLiteral
    | callee=qualifiedName callTemplateArgs '(' args=argumentList? ')'          #templateCallExpr
    | qualifiedName callTemplateArgs? braceInitializer                          #braceTemporaryExpr
    // "(k<T, 32>)<<<g, b>>>(...)": a macro's parameter in parentheses (arrayfire's CUDA_LAUNCH); "(*kernel_ptr)<<<...>>>"
    // "kernels[i]<<<g, b>>>(...)": an element of an array of kernels (FasterTransformer), its kernels not told apart
    | (kernel=qualifiedName templateArgs? ('[' element=expression ']')? | '(' '*'? kernel=qualifiedName templateArgs? ')')
      '<<<' config=argumentList '>>>'
      '(' args=argumentList? ')'                                                #launchExpr
    | cast=('static_cast' | 'reinterpret_cast' | 'const_cast' | 'dynamic_cast') '<' typeName '>' '(' operand=expression ')'  #cppCastExpr
    | builtinType+ ( '(' argumentList? ')' | braceInitializer )                 #functionalCastExpr
    // "typename KTraits::DTypeQKAccum(-math::inf)": a dependent type's functional cast or temporary
    | 'typename' typeSpecifier ( '(' argumentList? ')' | braceInitializer )     #typenameCastExpr
    // "decltype(size<0>(layout))::value", "decltype(mma){}": not evaluated
    | ('decltype' | '__typeof__' | '__typeof') '(' expressionList ')' (('::' Identifier)+ | braceInitializer)   #decltypeExpr
    // "noexcept(noexcept(f(x)))": the operator, not evaluated
    | 'noexcept' '(' expression ')'                                             #noexceptExpr
    | '::'? 'new' ('(' placement=argumentList ')')? declModifier* typeSpecifier pointer* ('[' expression ']')*
      ('(' argumentList? ')' | braceInitializer)?                               #newExpr
    | 'typeid' '(' (typeName | expression) ')'                                  #typeidExpr
    // before a plain name: "s[x * S<a, b>::k]" also reads as the comma expression "(x * S < a), (b > ::k)", and
    // prediction takes the first alternative that fits
    // "Disp<N>::reductor::reduce<T*>(s, v)": a member template of a class template's member, called
    | owner=qualifiedName ownerArgs=callTemplateArgs ('::' Identifier)+ callTemplateArgs '(' args=argumentList? ')'   #templateMemberCallExpr
    | qualifiedName callTemplateArgs ('::' Identifier)+                         #templateMemberExpr
    | qualifiedName                                                             #nameExpr
    | (qualifiedName callTemplateArgs? '::')? 'operator' operatorSymbol         #operatorNameExpr   // "GpuMat::operator=(m)"
    | qualifiedName callTemplateArgs                                            #templateIdExpr
    // a right or binary fold "(xs + ... + 0)" shares the parenthesis' alternative: as an alternative of its own it
    // made every '(' read ahead to its ')' to look for the '...'
    | '(' expressionList (fold=foldOperator '...' (foldOperator init=expression)?)? ')'   #parenExpr
    | '(' '...' foldOperator expression ')'                                     #foldExpr
    | '(' compoundStatement ')'                                                 #statementExpr   // GNU: ({ int t = x; t; })
    | 'sizeof' '...' '(' Identifier ')'                                         #sizeofPackExpr
    // C++20: a templated lambda "[&]<int... J>(seq<J...>) { ... }" (its parameters have no values)
    | '[' lambdaCapture* ']' ('<' templateParam (',' templateParam)* '>')? lambdaSpecifier*
      ('(' balanced* ')' lambdaSpecifier*)? ('->' lambdaReturnType)? '{' balancedBraces* '}'   #lambdaExpr
    ;

// a capture list holds no brackets or braces: "[=]" cannot reach to a later ']'
lambdaCapture
    : ~('[' | ']' | '{' | '}' | ';')
    ;

// [=] __device__ (int i) mutable { ... }
lambdaSpecifier
    : '__device__' | '__host__' | 'mutable' | 'constexpr' | 'noexcept' | attribute
    ;

// Not a typeName: a type may end with a struct's body, and since any tokens may follow a lambda's return type
// in braces, SLL prediction could not tell a struct's body from a lambda's after it ("struct S { float x; ...":
// up to 2,000 tokens read ahead at each struct in cuda-samples).
lambdaReturnType
    : (~('(' | ')' | '{' | '}' | ';') | '(' balanced* ')')+
    ;

balancedBraces
    : '{' balancedBraces* '}'
    | ~('{' | '}')
    ;

// Lexer: the vocabulary (">>" is split into two '>' by the facade: it may close two template lists) (our preprocessor produces the tokens in production).
IntegerLiteral
    : ([1-9] ('\''? [0-9])* | '0' [xX] [0-9a-fA-F] ('\''? [0-9a-fA-F])* | '0' [bB] [01]+ | '0' [0-7]*) IntegerSuffix?
    ;

fragment IntegerSuffix
    : [uU] ([lL] | 'll' | 'LL')? | ([lL] | 'll' | 'LL') [uU]?
    ;

FloatingLiteral
    : ([0-9]+ '.' [0-9]* | '.' [0-9]+) ([eE] [+-]? [0-9]+)? [fFlL]?
    | [0-9]+ [eE] [+-]? [0-9]+ [fFlL]?
    | [0-9]+ [fF]
    | '0' [xX] [0-9a-fA-F.]+ [pP] [+-]? [0-9]+ [fFlL]?
    ;

CharLiteral
    : ('u8' | 'u' | 'U' | 'L')? '\'' (~['\\\r\n] | '\\' .)+ '\''
    ;

StringLiteral
    : ('u8' | 'u' | 'U' | 'L')? '"' (~["\\\r\n] | '\\' .)* '"'
    ;

Identifier
    : [a-zA-Z_$] [a-zA-Z_$0-9]*
    ;

Whitespace
    : [ \t\r\n\f]+ -> skip
    ;

LineComment
    : '//' ~[\r\n]* -> skip
    ;

BlockComment
    : '/*' .*? '*/' -> skip
    ;

Directive
    : '#' ~[\r\n]* -> skip
    ;

LaunchOpen: '<<<';
LaunchClose: '>>>';
