console.log("compiled output");
